/** Where the end-to-end tests find the server, its development mailbox and the demo users. */
export const API_ROOT = process.env.TEND_API_ROOT ?? 'http://localhost:8080';
export const DEMO_PASSWORD = 'Tend-demo-2026';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const DEMO_USERS = {
  patient: 'patient@example.com',
  patientEmailMfa: 'mfa-email@example.com',
  therapist: 'therapist@example.com',
  admin: 'admin@example.com',
} as const;
