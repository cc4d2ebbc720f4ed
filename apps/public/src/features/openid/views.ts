import type { ParseKeys } from 'i18next';
import type { Problem } from '@tend/core';

/**
 * The OpenID landing page's views (spec sections 2 and 4): Loading, then Authorised or Error. An error is
 * always said in the app's words: a key of the public namespace (the provider's error, an incomplete link), or
 * a failed callback's Problem (toProblem's translated message); never the provider's or the server's text.
 */
export type OpenIdView =
  | { kind: 'loading' }
  /** `link`: the app-open link handing the sign-in over to the mobile app. */
  | { kind: 'authorised'; name?: string | undefined; link: string }
  /** `back`: after a failed callback, back to Loading (the callback runs again). */
  | { kind: 'error'; messageKey: OpenIdErrorKey; problem?: undefined; back?: undefined }
  | { kind: 'error'; problem: Problem; messageKey?: undefined; back: () => void };

/** A key of the public namespace, said later (typed, and seen by the missing-key scanner). */
const tk = <K extends ParseKeys<'public'>>(key: K): K => key;

const PROVIDER_ERRORS = {
  // RFC 6749 section 4.1.2.1: the person (or the provider for them) said no.
  access_denied: tk('openid.providerDenied'),
  temporarily_unavailable: tk('openid.providerUnavailable'),
  server_error: tk('openid.providerUnavailable'),
} as const;

export type OpenIdErrorKey =
  (typeof PROVIDER_ERRORS)[keyof typeof PROVIDER_ERRORS] | 'openid.providerFailed' | 'openid.missingCode';

/** The words for an error the provider sent back (its `error` code; its description is only reported). */
export function providerErrorKey(error: string): OpenIdErrorKey {
  return Object.hasOwn(PROVIDER_ERRORS, error)
    ? PROVIDER_ERRORS[error as keyof typeof PROVIDER_ERRORS]
    : tk('openid.providerFailed');
}

export interface OpenIdQuery {
  state: string | null;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
  lang: string;
}

export function readOpenIdQuery(search: string): OpenIdQuery {
  const params = new URLSearchParams(search);
  return {
    state: params.get('state'),
    code: params.get('code'),
    error: params.get('error'),
    errorDescription: params.get('error_description'),
    lang: params.get('lang') || 'en',
  };
}

/**
 * The first views: an error query parameter is shown at once (no previous view); otherwise the page is
 * loading while the callback runs.
 */
export function initialViews(query: OpenIdQuery): OpenIdView[] {
  if (query.error !== null) return [{ kind: 'error', messageKey: providerErrorKey(query.error) }];
  return [{ kind: 'loading' }];
}

/** The name to greet: the user's display name, else the patient record's first name. */
export function authorisedName(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as {
    user?: { displayName?: unknown } | null;
    patientRecord?: { firstName?: unknown } | null;
  };
  const displayName = r.user?.displayName;
  if (typeof displayName === 'string' && displayName.trim()) return displayName.trim();
  const firstName = r.patientRecord?.firstName;
  if (typeof firstName === 'string' && firstName.trim()) return firstName.trim();
  return undefined;
}
