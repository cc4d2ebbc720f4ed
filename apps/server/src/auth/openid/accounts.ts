// Who signed in through a client's OpenID provider: the identity (client, subject) is linked to a Tend
// patient, created at the first sign-in (user row, patient role, and the core's patient record in the
// client's organisation). An address the provider asserts is never used to join an existing account.
// The Firebase account is created by the first signInWithCustomToken of the handover token.
import type { AppDeps } from '../../http/types.ts';
import { sha256 } from '../crypto.ts';
import { createQueryStringToken } from '../tokens.ts';
import { grantRole } from '../users.ts';
import type { OpenIdLoginResult } from './relying-party.ts';

export interface CompletedOpenIdSignIn {
  user: { displayName: string };
  patientRecord: { firstName: string; lastName: string };
  handoverToken: string;
}

export async function completeOpenIdSignIn(
  deps: AppDeps,
  client: string,
  result: OpenIdLoginResult,
): Promise<CompletedOpenIdSignIn> {
  const now = Date.now();
  const linked = await deps.db
    .selectFrom('openid_identities')
    .select('user_id')
    .where('client', '=', client)
    .where('subject', '=', result.subject)
    .executeTakeFirst();
  let uid = linked?.user_id;
  if (uid) {
    await deps.db
      .updateTable('openid_identities')
      .set({ last_login_at: now })
      .where('client', '=', client)
      .where('subject', '=', result.subject)
      .execute();
  } else {
    uid = `oidc_${client.replace(/[^A-Za-z0-9]/g, '')}_${sha256(`${client}\n${result.subject}`).slice(0, 24)}`;
    const taken = result.email
      ? await deps.db.selectFrom('users').select('id').where('email', '=', result.email).executeTakeFirst()
      : undefined;
    const email = result.email && !taken ? result.email : `${uid}@openid.invalid`;
    const { firstName, lastName } = result.patientRecord;
    await deps.db
      .insertInto('users')
      .values({
        id: uid,
        email,
        first_name: firstName || null,
        last_name: lastName || null,
        screen_name: firstName || null,
        language: 'en',
        updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await grantRole(deps.db, uid, 'patient');
    const organisation = await deps.db
      .selectFrom('clients')
      .select('organisation_id')
      .where('id', '=', client)
      .executeTakeFirst();
    if (organisation?.organisation_id) {
      await deps.db
        .insertInto('patients')
        .values({
          id: uid,
          organisation_id: organisation.organisation_id,
          email,
          first_name: firstName,
          last_name: lastName,
          high_risk: false,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
    await deps.db
      .insertInto('openid_identities')
      .values({ client, subject: result.subject, user_id: uid, last_login_at: now })
      .onConflict((oc) => oc.columns(['client', 'subject']).doNothing())
      .execute();
  }
  const handoverToken = await createQueryStringToken(
    deps.db,
    { userId: uid, scopes: ['patient'], mfa: false },
    now,
  );
  return { user: result.user, patientRecord: result.patientRecord, handoverToken };
}
