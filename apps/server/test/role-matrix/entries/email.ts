// Tag email: public subscription calls; the welfare e-mail by patients and therapists.
import { signEmailToken } from '../../../src/modules/email/tokens.ts';
import { entry, everyone, patientsAndTherapists, type Entry } from '../roles.ts';

const welfareEmail = () => ({
  body: { targetEmailAddresses: ['friend@example.org'], careFirstStyleEmail: true },
});

export const entries: Entry[] = [
  entry('subscribeEmail', everyone(200), () => ({ params: { email: 'news@example.org' } })),
  entry('unsubscribeEmail', everyone(200), () => ({ params: { email: 'news@example.org' } })),
  entry('updateEmailByJwt', everyone(200), async (_role, m) => ({
    params: { token: await signEmailToken(m.t.config.secret, 'news@example.org', 'unsubscribe') },
  })),
  entry('sendWelfareEmail', patientsAndTherapists(202), welfareEmail),
  entry('previewOwnWelfareEmail', patientsAndTherapists(200), welfareEmail),
];
