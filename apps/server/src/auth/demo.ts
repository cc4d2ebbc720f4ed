// Demo identities (development and tests only): every person of the core's demo data gets a Firebase
// account (uid = the demo id, password Tend-demo-2026) and a user row with roles (an admin's role is tied
// to their organisation; the operator's to none, which makes them a platform administrator); therapists, admins and
// the data-export account have the TOTP secret JBSWY3DPEHPK3PXP; mfa-email@example.com uses the e-mail
// challenge. The Auth emulator forgets its users when it restarts, so missing ones are re-created at each
// start (never in production).
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import type { DemoData } from '../db/seed.ts';
import type { Role } from '../db/tables/identity.ts';
import { DEV_OIDC_CLIENT, DEV_OIDC_CLIENT_ID, devClientSecret } from './openid/dev-provider.ts';
import { emulatorReachable, firebaseAuth } from './firebase.ts';
import { createTotpSecret } from './mfa/totp-secrets.ts';
import { enableEmailMfa } from './mfa/email-challenge.ts';
import { listTotpSecrets, type MfaDeps } from './mfa/service.ts';
import { grantRole } from './users.ts';

export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
export const DEMO_EMAIL_MFA_USER = 'mfa-email@example.com';

export interface DemoPerson {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  organisationId: string | null;
  mfa: 'totp' | 'email' | null;
}

export function demoPeople(demo: DemoData): DemoPerson[] {
  const people: DemoPerson[] = [];
  for (const p of demo.patients) {
    people.push({
      ...p,
      role: 'patient',
      organisationId: null,
      mfa: p.email === DEMO_EMAIL_MFA_USER ? 'email' : null,
    });
  }
  for (const t of demo.therapists) {
    people.push({
      id: t.id,
      email: t.email,
      firstName: t.firstName,
      lastName: t.lastName,
      role: 'therapist',
      organisationId: null,
      mfa: 'totp',
    });
  }
  people.push({ ...demo.admin, role: 'admin', mfa: 'totp' });
  for (const a of demo.otherAdmins) people.push({ ...a, role: 'admin', mfa: 'totp' });
  people.push({ ...demo.dataExport, role: 'data-export', organisationId: null, mfa: 'totp' });
  return people;
}

/** The dev OpenID provider's issuer: TEND_OIDC_ISSUER, else the server's own /oidc. */
export function devIssuer(config: Config): string {
  return (process.env.TEND_OIDC_ISSUER ?? `http://localhost:${config.port || 8080}/oidc`).replace(/\/+$/, '');
}

/** Database side: users, roles, second factors and the OpenID client `demo` (idempotent). */
export async function seedIdentityRows(db: Db, config: Config, demo: DemoData): Promise<void> {
  const deps: MfaDeps = { db, secret: config.secret, now: () => Date.now(), issuer: 'Tend' };
  for (const person of demoPeople(demo)) {
    await db
      .insertInto('users')
      .values({
        id: person.id,
        email: person.email,
        first_name: person.firstName,
        last_name: person.lastName,
        screen_name: person.firstName,
        language: 'en',
        updated_at: Date.now(),
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await grantRole(db, person.id, person.role, person.role === 'admin' ? person.organisationId : null);
    if (person.mfa === 'totp' && (await listTotpSecrets(deps, person.id)).length === 0) {
      await createTotpSecret(deps, person, {
        label: 'Demo authenticator',
        secret: DEMO_TOTP_SECRET,
        confirmed: true,
      });
    }
    if (person.mfa === 'email') await enableEmailMfa(deps, person.id, person.email, true);
  }
  await db
    .insertInto('openid_clients')
    .values({
      id: DEV_OIDC_CLIENT,
      display_name: demo.client.name,
      issuer: devIssuer(config),
      client_id: DEV_OIDC_CLIENT_ID,
      client_secret: devClientSecret(config.secret),
      scopes: 'openid profile email',
      enabled: true,
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ issuer: devIssuer(config), client_secret: devClientSecret(config.secret) }),
    )
    .execute();
}

/** Auth emulator side: creates the demo accounts that are missing. Returns how many were created. */
export async function ensureEmulatorUsers(config: Config, demo: DemoData): Promise<number> {
  if (config.isProduction || !config.authEmulatorHost) return 0;
  if (!(await emulatorReachable(config.authEmulatorHost))) return 0;
  const auth = firebaseAuth(config);
  const people = demoPeople(demo);
  const found = await auth.getUsers(people.map((p) => ({ uid: p.id })));
  const present = new Set(found.users.map((u) => u.uid));
  let created = 0;
  for (const person of people) {
    if (present.has(person.id)) continue;
    try {
      await auth.createUser({
        uid: person.id,
        email: person.email,
        password: demo.password,
        displayName: `${person.firstName} ${person.lastName}`,
        emailVerified: true,
      });
      created += 1;
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Another process may have created it in between; an address someone signed up with by hand in the
      // emulator is left alone (that demo account then cannot sign in until the emulator is reset).
      if (code === 'auth/email-already-exists')
        console.warn(`demo account ${person.email} not created: the address is taken in the Auth emulator`);
      else if (code !== 'auth/uid-already-exists') throw error;
    }
  }
  return created;
}
