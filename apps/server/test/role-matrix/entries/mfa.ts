// Tag mfa: every signed-in user manages their own second factors (the callers' sessions are fresh, so
// the calls that need a recent sign-in are allowed). Anonymous callers get 401.
import { entry, signedIn, type Entry } from '../roles.ts';
import { emailChallengeOf, emailFactorOf, totpOf } from './support.ts';

export const entries: Entry[] = [
  entry('getMfaOptions', signedIn(200)),
  entry('listMfaConfigurations', signedIn(200)),
  entry('respondOtpChallenge', signedIn(200), async (role, m) => {
    const { id, code } = await totpOf(m, role);
    return { body: { otpSecretId: id, code } };
  }),
  entry('listOtpSecrets', signedIn(200)),
  entry('setDefaultMfaFactor', signedIn(200), async (role, m) => ({
    body: { id: (await totpOf(m, role)).id },
  })),
  entry('createOtpSecret', signedIn(201), async (role, m) => {
    await totpOf(m, role); // removes the matrix's earlier secrets (at most ten per account)
    return { body: { label: 'Matrix phone' } };
  }),
  entry('renameOtpSecret', signedIn(200), async (role, m) => ({
    params: { id: (await totpOf(m, role)).id },
    body: { label: 'Matrix renamed' },
  })),
  entry('deleteOtpSecret', signedIn(204), async (role, m) => ({
    params: { id: (await totpOf(m, role)).id },
  })),
  entry('sendEmailChallenge', signedIn(200), async (role, m) => {
    await emailChallengeOf(m, role); // clears the role's earlier challenges (a few per window)
    return {};
  }),
  entry('respondEmailChallenge', signedIn(200), async (role, m) => ({
    body: await emailChallengeOf(m, role),
  })),
  entry('deleteDefaultEmailFactor', signedIn(204), async (role, m) => {
    await emailFactorOf(m, role);
    return {};
  }),
];
