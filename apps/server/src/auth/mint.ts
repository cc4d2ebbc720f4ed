// Minting a Firebase custom token with Tend's claims: scopes, second factor, session validity, re-authentication.
import type { AppDeps } from '../http/types.ts';
import { firebaseAuth } from './firebase.ts';
import { SESSION_VALIDITY_CLAIM, readValidity } from './validity.ts';

/** Firebase custom tokens are valid for one hour. */
const CUSTOM_TOKEN_TTL_MS = 60 * 60_000;

export interface MintedToken {
  customToken: string;
  uid: string;
  scopes: string[];
  expiresAt: string;
}

export async function mint(
  deps: AppDeps,
  uid: string,
  scopes: string[],
  mfa: boolean,
  reauthAt: number | null,
): Promise<MintedToken> {
  // The user's valid_after as stored now (never a cached copy): the session stays current until the next
  // revocation moves it (./validity.ts).
  const { validAfter } = await readValidity(deps.db, uid);
  const claims: Record<string, unknown> = { scopes, mfa, [SESSION_VALIDITY_CLAIM]: validAfter };
  if (reauthAt !== null) claims.reauth_at = reauthAt;
  const customToken = await firebaseAuth(deps.config).createCustomToken(uid, claims);
  return { customToken, uid, scopes, expiresAt: new Date(Date.now() + CUSTOM_TOKEN_TTL_MS).toISOString() };
}
