import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  createQueryStringToken,
  getCheckOrganisationAccessCodeQueryOptions,
  getCustomToken,
  getIsEmailWhitelistedQueryOptions,
  useJoinOrganisation,
  useStartJoinEmailChallenge,
} from '@tend/api';
import { setTokenProvider } from '@tend/api/http';
import type { CustomToken } from '@tend/api/model';

/**
 * An organisation a person may join, with the addresses of its own terms of use and privacy notice (null:
 * Tend's own pages apply); `found: false` when the code or the address belongs to none.
 */
export type OrganisationFound =
  | { found: true; organisationName: string | null; termsUrl: string | null; privacyUrl: string | null }
  | { found: false };

/** What a look-up answered, as an organisation found (its name and addresses, null when it has none) or none. */
function organisationFound(
  found: boolean,
  result: { organisationName?: string | null; termsUrl?: string | null; privacyUrl?: string | null },
): OrganisationFound {
  return found
    ? {
        found: true,
        organisationName: result.organisationName ?? null,
        termsUrl: result.termsUrl ?? null,
        privacyUrl: result.privacyUrl ?? null,
      }
    : { found: false };
}

/**
 * Finds the organisation a person joins: by its access code (GET /organisation/check-access-code, asked
 * afresh each time) or by an address it whitelists (GET /organisation/isWhitelisted, kept 30 s per address).
 */
export function useOrganisationLookup() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      async byAccessCode(code: string): Promise<OrganisationFound> {
        const result = await queryClient.fetchQuery({
          ...getCheckOrganisationAccessCodeQueryOptions({ code }),
          staleTime: 0,
        });
        return organisationFound(result.valid, result);
      },
      async byEmail(email: string): Promise<OrganisationFound> {
        const result = await queryClient.fetchQuery({
          ...getIsEmailWhitelistedQueryOptions({ email }),
          staleTime: 30_000,
        });
        return organisationFound(result.whitelisted, result);
      },
    }),
    [queryClient],
  );
}

/** Mails the new account's address a code proving it is theirs (a new one replaces the last). */
export const useSendJoinCode = () => useStartJoinEmailChallenge();

/** Joins the organisation, by access code or by the mailed code: POST /join (`{ data: request }`). */
export const useJoin = () => useJoinOrganisation();

/** The custom token that signs the new member in as a patient (GET /iams/auth/customToken?scope=patient). */
export function requestPatientToken(): Promise<CustomToken> {
  return getCustomToken({ scope: ['patient'] });
}

/**
 * A single-use sign-in hand-over for the new member (POST /iams/query-string-token/create, valid 5 minutes):
 * the patient web app, another origin, redeems it from its URL's fragment (POST /iams/auth/handover).
 */
export function requestSignInHandover(): Promise<string> {
  return createQueryStringToken();
}

/** The account just created signs the API calls that follow (its Firebase ID token as the bearer). */
export function actAsNewAccount(idToken: () => Promise<string | null>): void {
  setTokenProvider(idToken);
}
