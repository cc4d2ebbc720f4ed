import { DEMO_USERS } from '../../../e2e/support/server.ts';
import { freshAccount } from '../../../packages/auth/e2e/accounts.ts';
import { describePortal } from '../../../packages/auth/e2e/portalSpecs.ts';

// A fresh administrator of its own: these specs sign out, which ends every session of the account, and the
// other admin specs work as the demo administrator meanwhile.
describePortal({
  appName: 'Tend Admin',
  firstName: 'Riley',
  totp: true,
  account: (request) =>
    freshAccount(request, { firstName: 'Riley', scopes: ['org-admin'], totp: true, tag: 'e2e-portal-admin' }),
  outsider: { email: DEMO_USERS.patient, role: 'patient' },
});
