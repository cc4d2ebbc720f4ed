/** The signed-in user as the apps see it. */
export interface AuthUser {
  uid: string;
  email: string | null;
  /** The scopes granted to this session (custom token claims), e.g. `['therapist', 'lead-therapist']`. */
  scopes: readonly string[];
  /** When the session began (epoch ms): the sign-in with the custom token. */
  signedInAt: number;
  /** When the password (and second factor) were last proven (claim reauth_at, epoch ms); null when unknown. */
  reauthAt?: number | null | undefined;
}

export type AuthSnapshot =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null; reason?: SignOutReason | undefined }
  | { status: 'signedIn'; user: AuthUser };

/** Why a session ended; the sign-in page explains it. */
export type SignOutReason = 'user' | 'idle' | 'expired' | 'refused';
