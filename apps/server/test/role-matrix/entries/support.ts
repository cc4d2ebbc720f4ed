// Set-up helpers the entries share: each makes a fresh object for one call, so no entry depends on what
// another entry (or another role's call) did before it.
import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import * as OTPAuth from 'otpauth';
import { devIssuer } from '../../../src/auth/demo.ts';
import { createTotpSecret } from '../../../src/auth/mfa/totp-secrets.ts';
import { enableEmailMfa, startEmailChallenge } from '../../../src/auth/mfa/email-challenge.ts';
import { inProcessFetch } from '../../../src/auth/openid/in-process-fetch.ts';
import { registerInProcessIssuer } from '../../../src/auth/openid/relying-party.ts';
import { json } from '../../../src/db/index.ts';
import type { TherapistNotificationsTable } from '../../../src/db/tables/care.ts';
import {
  ASSIGNED,
  LEAD,
  PATIENT_A,
  adminsOwn,
  entry,
  reveals,
  uidOf,
  type Entry,
  type MatrixContext,
  type MatrixRequest,
  type Role,
} from '../roles.ts';

export const NOW = Date.UTC(2026, 0, 5, 10);

/** A valid moment of the contract (new id each time). */
export const moment = (eventType: string, body: Record<string, unknown>) => ({
  momentId: randomUUID(),
  eventType,
  start: NOW,
  end: NOW + 1000,
  body,
});

/** Puts patient A's care team back as seeded (lead therapist-1, invited therapist-2). */
export async function restoreCareTeamOfA(m: MatrixContext): Promise<void> {
  await m.t.db.deleteFrom('care_team').where('patient_id', '=', PATIENT_A).execute();
  await m.t.db
    .insertInto('care_team')
    .values([
      { patient_id: PATIENT_A, therapist_id: LEAD, role: 'lead' },
      { patient_id: PATIENT_A, therapist_id: ASSIGNED, role: 'invited' },
    ])
    .execute();
}

/** A fresh notice of those columns for a therapist (a risk alert, a placement …); returns its id. */
export async function noticeFor(
  m: MatrixContext,
  columns: Omit<Insertable<TherapistNotificationsTable>, 'id'>,
): Promise<string> {
  const id = randomUUID();
  await m.t.db
    .insertInto('therapist_notifications')
    .values({ id, ...columns })
    .execute();
  return id;
}

/** A note of patient A written by a therapist (returns the moment id). */
export async function noteOfA(m: MatrixContext, therapistId = ASSIGNED): Promise<string> {
  const id = randomUUID();
  await m.t.db
    .insertInto('moments')
    .values({
      id,
      patient_id: PATIENT_A,
      event_type: 'note',
      body: sql`'{"text":"n"}'::jsonb`,
      start_at: new Date(),
      end_at: new Date(),
      created_by: therapistId,
    })
    .execute();
  return id;
}

/** A file moment of patient A with content, uploaded by A through the API (returns the moment id). */
export async function fileOfA(m: MatrixContext): Promise<string> {
  const policy = await m.inject('patientA', {
    method: 'GET',
    url: `/patients/${PATIENT_A}/moments/file-upload-policy?type=text/plain&fileName=a.txt`,
  });
  if (policy.statusCode !== 200) throw new Error(`upload policy ${policy.statusCode} ${policy.body}`);
  const { uploadUrl, momentId } = policy.json() as { uploadUrl: string; momentId: string };
  const put = await m.t.app.inject({
    method: 'PUT',
    url: new URL(uploadUrl).pathname + new URL(uploadUrl).search,
    headers: { 'content-type': 'text/plain' },
    payload: 'hello',
  });
  if (put.statusCode >= 300) throw new Error(`upload ${put.statusCode} ${put.body}`);
  return momentId;
}

/** A Sunday availability slot of the role's own (therapists), or a random id for anyone else. */
export async function slotOf(m: MatrixContext, role: Role): Promise<string> {
  const id = randomUUID();
  const uid = uidOf(role);
  const therapist = uid
    ? await m.t.db.selectFrom('therapists').select('id').where('id', '=', uid).executeTakeFirst()
    : undefined;
  if (therapist) {
    await m.t.db
      .deleteFrom('therapist_availability')
      .where('therapist_id', '=', therapist.id)
      .where('day_of_week', '=', 7)
      .execute();
    await m.t.db
      .insertInto('therapist_availability')
      .values({ id, therapist_id: therapist.id, day_of_week: 7, start_minute: 600, end_minute: 660 })
      .execute();
  }
  return id;
}

/** The onboarding survey `welcome`, offered to organisation X (created once). */
export async function onboardingSurvey(m: MatrixContext): Promise<void> {
  await m.t.db
    .insertInto('surveys')
    .values({
      id: 's-matrix-welcome',
      type: 'onboarding',
      config: json({
        title: 'Welcome',
        urlSuffix: 'welcome',
        questions: [{ id: 'goal', type: 'text', text: 'Goal?' }],
      }),
      etag: '"e"',
      created_by: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await m.t.db
    .insertInto('survey_organisations')
    .values({ survey_id: 's-matrix-welcome', organisation_id: 'org-tend-health' })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

// --- chat ---------------------------------------------------------------------------------------------

/** Ends every open chat, so the next request starts clean. */
export async function endOpenChats(m: MatrixContext): Promise<void> {
  await m.t.db
    .updateTable('chat_sessions')
    .set({ status: 'ended', ended_at: new Date() })
    .where('status', '<>', 'ended')
    .execute();
}

/** A fresh chat request of patient A (returns its id). */
export async function chatRequestOfA(m: MatrixContext): Promise<string> {
  await endOpenChats(m);
  await restoreCareTeamOfA(m);
  const res = await m.inject('patientA', {
    method: 'POST',
    url: '/patient/chat/request-chat',
    payload: { message: 'hello' },
  });
  if (res.statusCode !== 201) throw new Error(`request-chat ${res.statusCode} ${res.body}`);
  return (res.json() as { requestId: string }).requestId;
}

/** A fresh open chat of patient A, accepted by the lead (therapist-1). */
export async function chatOfA(m: MatrixContext): Promise<string> {
  const id = await chatRequestOfA(m);
  const res = await m.inject('lead', { method: 'GET', url: `/therapist/chat-requests/${id}/accept` });
  if (res.statusCode !== 200) throw new Error(`accept ${res.statusCode} ${res.body}`);
  return id;
}

/** A fresh chat of patient A, accepted by the lead and ended (for the chat histories). */
export async function endedChatOfA(m: MatrixContext): Promise<string> {
  const id = await chatOfA(m);
  await endOpenChats(m);
  return id;
}

/** Each patient has an open chat request of their own. */
export async function requestsOfBothPatients(m: MatrixContext): Promise<void> {
  await endOpenChats(m);
  for (const role of ['patientA', 'patientB'] as const) {
    const res = await m.inject(role, {
      method: 'POST',
      url: '/patient/chat/request-chat',
      payload: { message: 'hi' },
    });
    if (res.statusCode !== 201) throw new Error(`request-chat ${res.statusCode} ${res.body}`);
  }
}

// --- admin area -----------------------------------------------------------------------------------------

let serial = 0;
/** A name unique within the test run. */
export const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36)}-${(serial += 1)}`;

/**
 * A new child organisation of organisation X, created by X's administrator (returns its id). Named to
 * sort after the fixture's organisations, so lists and searches (by name, limited) still show those.
 */
export async function childOfX(m: MatrixContext): Promise<string> {
  const res = await m.inject('orgAdmin', {
    method: 'POST',
    url: '/organisation?maxRedemptions=10',
    payload: {
      tubAdminOrganisationDetails: { name: unique('Zz matrix child'), parentOrganisation: 'org-tend-health' },
    },
  });
  if (res.statusCode !== 201) throw new Error(`createOrganisation ${res.statusCode} ${res.body}`);
  return res.body.trim();
}

/** The current ETag of a resource, read by `role` with GET `url` (header, else the body's `etag`). */
export async function etagOf(m: MatrixContext, url: string, role: Role = 'orgAdmin'): Promise<string> {
  const res = await m.inject(role, { method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`GET ${url} ${res.statusCode} ${res.body}`);
  const header = res.headers.etag;
  if (typeof header === 'string') return header;
  const etag = (res.json() as { etag?: unknown }).etag;
  if (typeof etag !== 'string') throw new Error(`GET ${url}: no ETag`);
  return etag;
}

/** A new patient of organisation X (database only; returns the id). */
export async function patientOfX(m: MatrixContext): Promise<string> {
  const id = unique('matrix-patient');
  await m.t.db
    .insertInto('patients')
    .values({
      id,
      organisation_id: 'org-tend-health',
      email: `${id}@example.org`,
      first_name: 'New',
      last_name: 'Patient',
      high_risk: false,
    })
    .execute();
  return id;
}

/** A new survey offered to organisation X, created by X's administrator (returns its id). */
export async function surveyOfX(m: MatrixContext): Promise<string> {
  const suffix = unique('matrix');
  const res = await m.inject('orgAdmin', {
    method: 'POST',
    url: '/surveys',
    payload: {
      type: 'wellbeing',
      config: {
        title: 'How are you?',
        urlSuffix: suffix,
        questions: [{ id: 'q1', type: 'scale', text: 'Mood?', min: 1, max: 5 }],
      },
      organisations: ['org-tend-health'],
    },
  });
  if (res.statusCode !== 201) throw new Error(`createSurvey ${res.statusCode} ${res.body}`);
  return (res.json() as { surveyId: string }).surveyId;
}

/** A new report on organisation X, asked for by X's administrator; optionally set to a final status. */
export async function reportOfX(m: MatrixContext, status?: 'failed' | 'succeeded'): Promise<string> {
  const res = await m.inject('orgAdmin', {
    method: 'POST',
    url: '/reporting',
    payload: {
      name: unique('Matrix report'),
      type: 'usage',
      organisationIds: ['org-tend-health'],
      from: '2026-01-01',
      to: '2026-02-01',
    },
  });
  if (res.statusCode !== 201) throw new Error(`createReport ${res.statusCode} ${res.body}`);
  const id = (res.json() as { reportId: string }).reportId;
  if (status === 'failed')
    await m.t.db
      .updateTable('reports')
      .set({ status: 'failed', error: 'boom', completed_at: new Date() })
      .where('id', '=', id)
      .execute();
  if (status === 'succeeded')
    await m.t.db
      .updateTable('reports')
      .set({ status: 'succeeded', csv: 'a,b\r\n1,2\r\n', row_count: 1, completed_at: new Date() })
      .where('id', '=', id)
      .execute();
  return id;
}

/** A new message alert for organisation X by X's administrator (returns id and ETag). */
export async function alertOfX(m: MatrixContext, v2: boolean): Promise<{ id: string; etag: string }> {
  const res = await m.inject('orgAdmin', {
    method: 'POST',
    url: v2 ? '/v2/message-alerts' : '/message-alerts',
    payload: {
      title: 'Maintenance',
      body: 'Short break tonight.',
      severity: 'info',
      audience: 'patients',
      organisationId: 'org-tend-health',
    },
  });
  if (res.statusCode !== 201) throw new Error(`createMessageAlert ${res.statusCode} ${res.body}`);
  return { id: (res.json() as { id: string }).id, etag: String(res.headers.etag) };
}

// --- identity -----------------------------------------------------------------------------------------

const mfaDeps = (m: MatrixContext) => ({
  db: m.t.db,
  secret: m.t.config.secret,
  now: Date.now,
  issuer: 'Tend',
});

/** A new confirmed TOTP secret of the role's user, labelled `Matrix …` (earlier ones of the matrix removed). */
export async function totpOf(m: MatrixContext, role: Role): Promise<{ id: string; code: string }> {
  const uid = uidOf(role);
  if (!uid) return { id: 'nobody', code: '123456' };
  await m.t.db
    .deleteFrom('mfa_totp_secrets')
    .where('user_id', '=', uid)
    .where('label', 'like', 'Matrix%')
    .execute();
  const user = await m.t.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', uid)
    .executeTakeFirstOrThrow();
  const created = await createTotpSecret(mfaDeps(m), user, {
    label: 'Matrix authenticator',
    confirmed: true,
  });
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(created.secret) }).generate();
  return { id: created.id, code };
}

/** A new e-mail challenge of the role's user (its id and the plain code). */
export async function emailChallengeOf(
  m: MatrixContext,
  role: Role,
): Promise<{ challengeId: string; code: string }> {
  const uid = uidOf(role);
  if (!uid) return { challengeId: 'nobody', code: '123456' };
  await m.t.db.deleteFrom('mfa_email_challenges').where('user_id', '=', uid).execute();
  const user = await m.t.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', uid)
    .executeTakeFirstOrThrow();
  const started = await startEmailChallenge(mfaDeps(m), user.id, user.email);
  return { challengeId: started.challengeId, code: started.code };
}

/** The role's user has the e-mail second factor (besides any TOTP secret). */
export async function emailFactorOf(m: MatrixContext, role: Role): Promise<void> {
  const uid = uidOf(role);
  if (!uid) return;
  const user = await m.t.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', uid)
    .executeTakeFirstOrThrow();
  await enableEmailMfa(mfaDeps(m), user.id, user.email, false);
}

/** Signs in at the development OpenID provider like a browser (login URL → login page → redirect with a code). */
export async function openIdCallback(m: MatrixContext): Promise<{ state: string; code: string }> {
  const cookies = new Map<string, string>();
  const request = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    const target = new URL(url, 'http://localhost:8080');
    const res = await m.t.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        host: 'localhost:8080',
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    const set = res.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [String(set)] : []) {
      const pair = line.split(';')[0]!;
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return res;
  };
  const follow = async (method: 'GET' | 'POST', url: string, form?: Record<string, string>) => {
    let res = await request(method, url, form);
    let current = new URL(url, 'http://localhost:8080').href;
    for (let hops = 0; hops < 10 && res.statusCode >= 300 && res.statusCode < 400; hops += 1) {
      current = new URL(String(res.headers.location), current).href;
      if (!current.startsWith('http://localhost:8080/')) break;
      res = await request('GET', current);
    }
    return { res, url: current };
  };
  // The relying party reaches the provider in-process, registered per issuer by the app built last: use this app's.
  registerInProcessIssuer(devIssuer(m.t.config), inProcessFetch(m.t.app));
  const login = await m.t.app.inject({
    method: 'GET',
    url: '/iams/openid/loginURL?appId=tend-patient&clientID=demo',
  });
  if (login.statusCode !== 200) throw new Error(`loginURL ${login.statusCode} ${login.body}`);
  const page = await follow('GET', login.body);
  const action = /action="([^"]+)"/.exec(page.res.body)?.[1];
  if (!action) throw new Error(`no login form: ${page.res.statusCode} ${page.res.body.slice(0, 200)}`);
  const done = await follow('POST', action.replace(/&amp;/g, '&'), {
    username: 'demo',
    password: 'Tend-demo-2026',
  });
  const back = new URL(done.url);
  const state = back.searchParams.get('state');
  const code = back.searchParams.get('code');
  if (!state || !code) throw new Error(`no code: ${done.url}`);
  return { state, code };
}

/**
 * A list call of administrators: a new object of X is made before each call; X's administrator must see
 * it and the other administrator must not.
 */
export function listOfX(
  operationId: string,
  make: (m: MatrixContext) => Promise<string>,
  request: MatrixRequest = {},
): Entry {
  let made = '';
  return entry(
    operationId,
    adminsOwn(200),
    async (_role, m) => {
      made = await make(m);
      return request;
    },
    {
      check: (role, body) =>
        reveals({ hidden: { otherAdmin: [made] }, shown: { orgAdmin: [made] } })(role, body),
    },
  );
}

/**
 * A survey of X for the list entry: the matrix's earlier surveys are deleted first (the list is in
 * creation order, 25 a page, so the new one is on the first page whatever ran before).
 */
export async function onlySurveyOfX(m: MatrixContext): Promise<string> {
  const earlier = await m.t.db
    .selectFrom('surveys')
    .select('id')
    .where(sql<boolean>`config->>'urlSuffix' like 'matrix-%'`)
    .execute();
  for (const { id } of earlier) {
    const res = await m.inject('orgAdmin', { method: 'DELETE', url: `/surveys/${encodeURIComponent(id)}` });
    if (res.statusCode !== 204) throw new Error(`deleteSurvey ${res.statusCode} ${res.body}`);
  }
  return surveyOfX(m);
}
