import { DEMO_TOTP_SECRET, DEMO_USERS } from '../../../e2e/support/server.ts';
import { describePortal } from '../../../packages/auth/e2e/portalSpecs.ts';

describePortal({
  appName: 'Tend Admin',
  email: DEMO_USERS.admin,
  firstName: 'Riley',
  totpSecret: DEMO_TOTP_SECRET,
  outsider: { email: DEMO_USERS.patient, role: 'patient' },
});
