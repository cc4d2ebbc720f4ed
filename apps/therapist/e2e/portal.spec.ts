import { DEMO_TOTP_SECRET, DEMO_USERS } from '../../../e2e/support/server.ts';
import { describePortal } from '../../../packages/auth/e2e/portalSpecs.ts';

describePortal({
  appName: 'Tend Therapist',
  email: DEMO_USERS.therapist,
  firstName: 'Alex',
  totpSecret: DEMO_TOTP_SECRET,
  outsider: { email: DEMO_USERS.patient, role: 'patient' },
  enrolment: true,
});
