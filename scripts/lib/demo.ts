/** The demo sign-ins and joining details `npm start` prints (apps/server/src/db/seed-data.ts seeds them). */
import { APP_PORTS, SERVER_PORT } from '../../packages/config/src/ports.ts';
import type { Stack } from './stack.ts';

export const DEMO_SIGN_INS = [
  { who: 'Patient', email: 'patient@example.com', app: 'patient', note: '' },
  {
    who: 'Patient (e-mail MFA)',
    email: 'mfa-email@example.com',
    app: 'patient',
    note: 'code by e-mail: see /dev/mailbox',
  },
  {
    who: 'Therapist',
    email: 'therapist@example.com',
    app: 'therapist',
    note: 'TOTP secret JBSWY3DPEHPK3PXP',
  },
  { who: 'Admin', email: 'admin@example.com', app: 'admin', note: 'TOTP secret JBSWY3DPEHPK3PXP' },
  {
    who: 'Platform admin',
    email: 'ops@example.com',
    app: 'admin',
    note: 'TOTP secret JBSWY3DPEHPK3PXP',
  },
] as const;
export const DEMO_PASSWORD = 'Tend-demo-2026';
/** How a newcomer joins the demo organisation Tend Health at sign-up (apps/server/src/db/seed-data.ts). */
export const DEMO_JOIN = {
  accessCode: 'TENDHEALTH',
  domains: ['tend-health.example', 'example.com'],
} as const;

export function banner(stack: Stack): string {
  const lines = [
    '',
    '\x1b[1mTend is running.\x1b[0m Ctrl-C stops everything.',
    '',
    ...stack.services.map((s) => `  ${s.name.padEnd(10)} ${s.url}`),
    `  ${'signup'.padEnd(10)} http://signup.localhost:${APP_PORTS.public}  (the dedicated sign-up host)`,
    `  ${'mailbox'.padEnd(10)} http://localhost:${SERVER_PORT}/dev/mailbox  (mail the server sent)`,
    '',
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...DEMO_SIGN_INS.map(
      (d) =>
        `  ${d.who.padEnd(21)} ${d.email.padEnd(24)} http://localhost:${APP_PORTS[d.app]}${d.note ? `  (${d.note})` : ''}`,
    ),
    '',
    `Sign up a new patient at http://localhost:${APP_PORTS.public}/signup with the access code ${DEMO_JOIN.accessCode}`,
    `or any address at ${DEMO_JOIN.domains.join(' or ')} (the code it mails is in the mailbox).`,
    '',
  ];
  return lines.join('\n');
}
