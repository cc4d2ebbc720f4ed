// Tag email: public subscription calls; the welfare e-mail by patients and therapists.
import { signEmailToken } from '../../../src/modules/email/tokens.ts';
import { entry, everyone, statuses, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('subscribeEmail', everyone(200), () => ({ params: { email: 'news@example.org' } })),
  entry('unsubscribeEmail', everyone(200), () => ({ params: { email: 'news@example.org' } })),
  entry('updateEmailByJwt', everyone(200), async (_role, m) => ({
    params: { token: await signEmailToken(m.t.config.secret, 'news@example.org', 'unsubscribe') },
  })),
  entry(
    'sendWelfareEmail',
    statuses({
      anonymous: 401,
      patientA: 202,
      patientB: 202,
      assignedTherapist: 202,
      unassignedTherapist: 202,
      lead: 202,
      others: 403,
    }),
    () => ({ body: { targetEmailAddresses: ['friend@example.org'], careFirstStyleEmail: true } }),
  ),
  entry(
    'previewOwnWelfareEmail',
    statuses({
      anonymous: 401,
      patientA: 200,
      patientB: 200,
      assignedTherapist: 200,
      unassignedTherapist: 200,
      lead: 200,
      others: 403,
    }),
    () => ({ body: { targetEmailAddresses: ['friend@example.org'], careFirstStyleEmail: true } }),
  ),
];
