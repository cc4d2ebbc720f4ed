/**
 * The server's identity calls, through packages/api's generated client (the one fetcher, apiFetch).
 */
import {
  getCustomToken,
  getFreshCustomToken,
  getMfaOptions,
  logout,
  redeemSignInHandover,
  requestPasswordChange,
  sendEmailChallenge,
  type Scope,
} from '@tend/api';
import { parseMfaOptions } from './flow/mfaOptions.ts';
import type { CustomTokenRequest, IdentityApi } from './session/authClient.ts';

export function createIdentityApi(): IdentityApi {
  return {
    async customToken({ idToken, scopes, mfaChallengeResponse }: CustomTokenRequest) {
      const result = await getCustomToken(
        { scope: [...scopes] as Scope[] },
        { idToken, ...(mfaChallengeResponse ? { mfaChallengeResponse } : {}) },
        // The password sign-in is also the bearer: the app has no session yet.
        { headers: { Authorization: `Bearer ${idToken}` } },
      );
      return result.customToken;
    },
    async freshCustomToken({ idToken, scopes, mfaChallengeResponse }: CustomTokenRequest) {
      // The re-authentication's fresh password sign-in is the bearer (and the idToken header).
      void scopes; // the server re-mints the caller's current scopes
      const result = await getFreshCustomToken(mfaChallengeResponse ? { mfaChallengeResponse } : undefined, {
        headers: { Authorization: `Bearer ${idToken}`, idToken },
      });
      return result.customToken;
    },
    async mfaOptions() {
      return parseMfaOptions(await getMfaOptions());
    },
    async sendEmailCode() {
      const challenge = await sendEmailChallenge();
      return { challengeId: challenge.challengeId };
    },
    async logout() {
      await logout();
    },
    async requestPasswordChange(emailAddress, language) {
      await requestPasswordChange({ emailAddress, language });
    },
    async redeemHandover(handover) {
      return (await redeemSignInHandover({ handover })).customToken;
    },
  };
}
