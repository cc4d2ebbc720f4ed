import { DEMO_USERS } from '../../../e2e/support/server.ts';
import { freshAccount } from '../../../packages/auth/e2e/accounts.ts';
import { describePortal } from '../../../packages/auth/e2e/portalSpecs.ts';

// A fresh therapist of its own: these specs sign out, which ends every session of the account, and other specs
// call the server as the demo therapist meanwhile.
describePortal({
  appName: 'Tend Therapist',
  firstName: 'Alex',
  totp: true,
  account: (request) =>
    freshAccount(request, {
      firstName: 'Alex',
      scopes: ['therapist'],
      totp: true,
      tag: 'e2e-portal-therapist',
    }),
  outsider: { email: DEMO_USERS.patient, role: 'patient' },
  enrolment: true,
});
