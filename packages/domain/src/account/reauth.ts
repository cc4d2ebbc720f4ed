/** What a cancelled password prompt becomes: the server's own answer for a missing re-authentication. */
export const REAUTH_CANCELLED = {
  status: 401,
  code: 'reauthentication_required',
  message: 'The password was not confirmed.',
} as const;

/**
 * Runs an irreversible or sensitive action (deleting the account, downloading all one's data) only after the
 * person has typed their password again, every time, however recently they signed in. `reauthenticate` is
 * @tend/auth's (useReauthenticate): true once the session is re-minted, false when cancelled. A cancel
 * rejects with REAUTH_CANCELLED, which toProblem reads as `reauthentication_required`.
 */
export async function afterPasswordAgain<T>(
  reauthenticate: () => Promise<boolean>,
  action: () => Promise<T>,
): Promise<T> {
  if (!(await reauthenticate())) throw { ...REAUTH_CANCELLED };
  return action();
}
