// The matrix entries whose calls need Firebase Auth (ID tokens, custom tokens, session cookies,
// revocation, e-mail changes) run on an app with the real identity hooks against the tests' Auth emulator.
//
// The emulator is shared by every test file of the run, and these calls change Auth state (sign-out
// revokes every session of the account; an e-mail change ends them too). So the callers here are not the
// demo accounts of the fixture but a new account of the same role for each call ("twins": a patient of
// X, a therapist of X, an administrator of X or of Y, a data-export account), signed in the way the apps
// do (password, then customToken with the TOTP code where the role needs a second factor). These calls
// act on the caller's own session and account only, so a twin stands for the role exactly.
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { firebaseAuth } from '../../src/auth/firebase.ts';
import { identityHooks } from '../../src/auth/index.ts';
import { createTotpSecret } from '../../src/auth/mfa/totp-secrets.ts';
import { grantRole } from '../../src/auth/users.ts';
import type { TestApp } from '../helpers.ts';
import { signInWithCustomToken, signInWithPassword, startAuthEmulator } from '../identity/auth-emulator.ts';
import { ORG_X, ORG_Y, createMatrixApp, type MatrixContext, type Role } from './roles.ts';

const PASSWORD = 'Matrix-pass-2026';

export interface Twin {
  uid: string;
  email: string;
  scopes: string[];
  totp?: { id: string; secret: string };
}

/** The app of the Firebase entries: real identity hooks, the shared Auth emulator. */
export async function createFirebaseMatrixApp(): Promise<TestApp> {
  const emulator = await startAuthEmulator();
  return createMatrixApp({
    identity: identityHooks,
    resolveUser: identityHooks.resolveUser,
    authEmulatorHost: emulator.host,
  });
}

const ROLE_OF: Record<
  Exclude<Role, 'anonymous'>,
  { role: 'patient' | 'therapist' | 'admin' | 'data-export'; scopes: string[]; organisation?: string }
> = {
  patientA: { role: 'patient', scopes: ['patient'] },
  patientB: { role: 'patient', scopes: ['patient'] },
  assignedTherapist: { role: 'therapist', scopes: ['therapist', 'lead-therapist'] },
  unassignedTherapist: { role: 'therapist', scopes: ['therapist', 'lead-therapist'] },
  lead: { role: 'therapist', scopes: ['therapist', 'lead-therapist'] },
  orgAdmin: { role: 'admin', scopes: ['org-admin'], organisation: ORG_X },
  otherAdmin: { role: 'admin', scopes: ['org-admin'], organisation: ORG_Y },
  dataExport: { role: 'data-export', scopes: ['data-export'] },
};

/** A new account of the role: Firebase (password), user row, role, patient or therapist record, TOTP secret where the role needs one. */
export async function twin(m: MatrixContext, role: Exclude<Role, 'anonymous'>): Promise<Twin> {
  const spec = ROLE_OF[role];
  const uid = `matrix-${role.toLowerCase()}-${randomBytes(6).toString('hex')}`;
  const email = `${uid}@matrix.example`;
  const db = m.t.db;
  await firebaseAuth(m.t.config).createUser({ uid, email, password: PASSWORD, emailVerified: true });
  await db
    .insertInto('users')
    .values({
      id: uid,
      email,
      first_name: 'Twin',
      last_name: role,
      screen_name: null,
      language: 'en',
      updated_at: Date.now(),
    })
    .execute();
  await grantRole(db, uid, spec.role, spec.organisation ?? null);
  const person = { id: uid, organisation_id: ORG_X, email, first_name: 'Twin', last_name: role };
  if (spec.role === 'patient')
    await db
      .insertInto('patients')
      .values({ ...person, high_risk: false })
      .execute();
  if (spec.role === 'therapist')
    await db
      .insertInto('therapists')
      .values({ ...person, biography: '', timezone: 'Europe/London' })
      .execute();
  if (spec.role === 'patient') return { uid, email, scopes: spec.scopes };
  const created = await createTotpSecret(
    { db, secret: m.t.config.secret, now: Date.now },
    { id: uid, email },
    { label: 'Matrix', confirmed: true },
  );
  return { uid, email, scopes: spec.scopes, totp: { id: created.id, secret: created.secret } };
}

const host = (m: MatrixContext) => m.t.config.authEmulatorHost!;

/** A password sign-in of the twin (the ID token before customToken). */
export const passwordToken = (m: MatrixContext, who: Twin): Promise<string> =>
  signInWithPassword(host(m), who.email, PASSWORD);

/** The second-factor header of a twin's sign-in (its only sign-in with this secret, so the code is unused). */
export function mfaHeader(who: Twin): Record<string, string> {
  if (!who.totp) return {};
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(who.totp.secret) }).generate();
  return { mfaChallengeResponse: `totp:${who.totp.id}:${code}` };
}

/** The full sign-in of the apps: password → customToken (second factor where needed) → the session's ID token. */
export async function session(m: MatrixContext, who: Twin): Promise<string> {
  const idToken = await passwordToken(m, who);
  const query = who.scopes.map((s) => `scope=${s}`).join('&');
  const res = await m.t.app.inject({
    method: 'GET',
    url: `/iams/auth/customToken?${query}`,
    headers: { idToken, ...mfaHeader(who) },
  });
  if (res.statusCode !== 200) throw new Error(`customToken ${res.statusCode} ${res.body}`);
  return signInWithCustomToken(host(m), (res.json() as { customToken: string }).customToken);
}

/** A twin of the role signed in, as a bearer header (none for anonymous callers). */
export async function signedInAs(
  m: MatrixContext,
  role: Role,
): Promise<{ headers: Record<string, string>; who?: Twin; idToken?: string }> {
  if (role === 'anonymous') return { headers: {} };
  const who = await twin(m, role);
  const idToken = await session(m, who);
  return { headers: { authorization: `Bearer ${idToken}` }, who, idToken };
}
