// The calling patient's own data as one ZIP (GET /patient/my-data/export): everything Tend keeps about them,
// found as the data-export team's export finds it (users-data/tables.ts: every table with a user column, so
// a table added later is exported without editing a list), made safe to hand to the patient themself:
//
// - only the patient's own rows: a row is theirs when one of its owner columns (user_id, patient_id,
//   owner_id, uid, the profile id) is the patient; a row that only refers to them (sender_id, actor_id,
//   *_by) or names their address is theirs only when no owner column names someone else (another patient
//   who gave this patient's address as a contact is that patient's row, not this one's);
// - other people inside those rows appear by name only (the care team: "Alex Morgan"; anyone else
//   "Tend staff"), never by id or address;
// - credentials are left out: token and code hashes, second-factor secrets, device push tokens, live
//   access codes (tables and columns in ./my-data-rows.ts);
// - the therapists' private notes stay out, as in the patient's own timeline (visibleToPatient).
//
// Files: README.txt, account.json, moments.json, moments.csv (readable), chats.json, surveys.json,
// safety-plan.json, metadata.json, cloud-documents.json, other.json, and the patient's uploaded files
// under files/.
//
// Which rows are the patient's and how each is handed out: ./my-data-rows.ts.
import { consentView, type ConsentView } from '../research/service.ts';
import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../db/index.ts';
import { toCsv } from '../reporting/csv.ts';
import { byTable, emailsOf, userColumns, type UserColumn } from '../users-data/tables.ts';
import {
  CREDENTIAL_TABLES,
  collectStrings,
  handOut,
  isPrivateNote,
  namesOf,
  ownRows,
  scrub,
  type Row,
} from './my-data-rows.ts';

/** Where each table's rows go in the ZIP (the rest: other.json). */
const FILE_OF: Record<string, string> = {
  users: 'account.json',
  patients: 'account.json',
  user_roles: 'account.json',
  care_team: 'account.json',
  deletion_requests: 'account.json',
  email_change_requests: 'account.json',
  email_subscriptions: 'account.json',
  mfa_email_configs: 'account.json',
  openid_identities: 'account.json',
  moments: 'moments.json',
  moment_files: 'moments.json',
  onboarding_survey_responses: 'surveys.json',
  patient_metadata: 'metadata.json',
  cloud_documents: 'cloud-documents.json',
};

const SAFETY_PLAN_DOCUMENT = 'safety-plan';

export interface MyDataExport {
  zip: Uint8Array;
  files: number;
  fileName: string;
}

/** A moment's content in a few readable words for the CSV (the whole body is in moments.json). */
export function momentText(body: unknown): string {
  if (body === null || typeof body !== 'object')
    return body === undefined || body === null ? '' : String(body);
  const parts: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null || value === undefined || value === '') return;
    if (Array.isArray(value)) {
      if (value.every((v) => typeof v !== 'object' || v === null)) parts.push(`${path}: ${value.join(', ')}`);
      else value.forEach((v, i) => walk(v, `${path} ${i + 1}`));
    } else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
    } else {
      parts.push(`${path}: ${String(value)}`);
    }
  };
  walk(body, '');
  return parts.join('; ');
}

/** What the export says about how long records are kept and about research (the organisation's settings). */
export function retentionText(research: ConsentView): string {
  const kept =
    research.dataRetentionDays === null
      ? 'How long your records are kept: your organisation has not set a limit, so what you log is kept until you\nor your organisation delete it.'
      : `How long your records are kept: your organisation keeps what you log (moments, survey answers and exercise\nsessions) for ${research.dataRetentionDays} days. Every day, what is older than that is removed automatically, and\nthe removal is logged in your organisation's audit log. Your chats, your safety plan, your goals and your\ntherapists' notes are not removed by this: they are part of your care record.`;
  const study = research.researchEnabled
    ? research.consentRequired
      ? research.consented === true
        ? `Research: you agreed that your scores may be used in your organisation's research${research.studyId ? ` (study ${research.studyId})` : ''}.\nYou can change this at any time in Account.`
        : research.consented === false
          ? 'Research: you said no to your scores being used in research, so they are not.'
          : 'Research: you have not answered the research question, so your scores are not used in research.'
      : `Research: your organisation uses scores in research${research.studyId ? ` (study ${research.studyId})` : ''} without asking for consent.`
    : 'Research: your organisation does not use your data for research.';
  return `${kept}\n${study}`;
}

const README = (exportedAt: string, retention: string) => `Your Tend data
===============

Exported ${exportedAt} (UTC). Everything Tend keeps about you, as it is stored:

- account.json         your account, patient record, organisation, care team (by name) and settings
- moments.json         every moment you logged (check-ups, journal entries, CBT exercises, screenings,
                       activities …) and the notes your therapists shared with you
- moments.csv          the same moments as a table you can open in a spreadsheet
- chats.json           your conversations with your care team
- surveys.json         your answers to your organisation's surveys
- safety-plan.json     your safety plan
- metadata.json        your goals and preferences
- cloud-documents.json other things the app keeps for you across devices
- other.json           everything else kept about you (risk flags, rewards, requests, logs …)
- files/               files uploaded to your record

Other people appear by name only. Sign-in secrets (token hashes, authenticator secrets) are not included.
Your therapists' private notes are not part of this export; ask your organisation if you want them.
Keep this file safe: it holds personal health information.

${retention}
`;

/** Builds the patient's ZIP. */
export async function buildMyDataExport(db: Db, uid: string, now = new Date()): Promise<MyDataExport> {
  const emails = await emailsOf(db, uid);
  const grouped: Record<string, Record<string, Row[]>> = {};
  const rawFiles: Row[] = [];
  const tables: Array<[string, UserColumn[], Row[]]> = [];
  const candidates = new Set<string>();
  for (const [table, columns] of byTable(await userColumns(db))) {
    if (CREDENTIAL_TABLES.has(table)) continue;
    let rows = await ownRows(db, table, columns, uid, emails);
    if (table === 'moments') rows = rows.filter((r) => !isPrivateNote(r));
    if (table === 'moment_files') {
      rawFiles.push(...rows);
      rows = rows.map(({ data: _data, ...rest }) => rest);
    }
    // Chat messages are given whole below, conversation by conversation.
    if (table === 'chat_messages' || table === 'chat_sessions' || table === 'chat_participants') continue;
    collectStrings(rows, candidates);
    tables.push([table, columns, rows]);
  }

  // Conversations: the patient's sessions with every message in them.
  const sessions = await db
    .selectFrom('chat_sessions')
    .selectAll()
    .where('patient_id', '=', uid)
    .orderBy('created_at')
    .execute();
  const messages = sessions.length
    ? await db
        .selectFrom('chat_messages')
        .selectAll()
        .where(
          'session_id',
          'in',
          sessions.map((s) => s.id),
        )
        .orderBy('created_at')
        .execute()
    : [];
  for (const s of sessions) if (s.therapist_id) candidates.add(s.therapist_id);
  for (const m of messages) candidates.add(m.sender_id);
  const names = await namesOf(db, uid, candidates);

  const named = new Set(names.values());
  for (const [table, columns, rows] of tables) {
    const file = FILE_OF[table] ?? 'other.json';
    (grouped[file] ??= {})[table] = rows.map((r) => handOut(r, columns, uid, emails, names, named));
  }
  const who = (id: string | null) =>
    id === null ? null : id === uid ? 'me' : (names.get(id) ?? 'Tend staff');
  const chats = sessions.map((s) => ({
    chatSessionId: s.id,
    with: who(s.therapist_id),
    status: s.status,
    emergency: s.emergency,
    startedAt: new Date(s.created_at).toISOString(),
    endedAt: s.ended_at ? new Date(s.ended_at).toISOString() : null,
    messages: messages
      .filter((m) => m.session_id === s.id)
      .map((m) => ({
        from: who(m.sender_id),
        at: new Date(m.created_at).toISOString(),
        text: scrub(m.body, names),
        editedAt: m.edited_at ? new Date(m.edited_at).toISOString() : null,
      })),
  }));

  const organisation = await db
    .selectFrom('patients')
    .innerJoin('organisations', 'organisations.id', 'patients.organisation_id')
    .select(['organisations.name'])
    .where('patients.id', '=', uid)
    .executeTakeFirst();
  const cloud = grouped['cloud-documents.json']?.cloud_documents ?? [];
  const safetyPlan = cloud.filter((d) => d.name === SAFETY_PLAN_DOCUMENT);
  if (grouped['cloud-documents.json'])
    grouped['cloud-documents.json'].cloud_documents = cloud.filter((d) => d.name !== SAFETY_PLAN_DOCUMENT);
  const moments = (grouped['moments.json']?.moments ?? []) as Row[];

  const research = await consentView(db, uid);
  const exportedAt = now.toISOString();
  const jsonFile = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(README(exportedAt, retentionText(research))),
    'account.json': jsonFile({
      exportedAt,
      organisation: organisation?.name ?? null,
      research: {
        researchEnabled: research.researchEnabled,
        studyId: research.studyId,
        consented: research.consented,
        dataRetentionDays: research.dataRetentionDays,
      },
      ...grouped['account.json'],
    }),
    'moments.json': jsonFile(grouped['moments.json'] ?? { moments: [] }),
    'moments.csv': strToU8(
      toCsv(
        ['start (UTC)', 'end (UTC)', 'type', 'moment id', 'written by', 'content'],
        moments
          .slice()
          .sort((a, b) => String(a.start_at).localeCompare(String(b.start_at)))
          .map((m) => [
            String(m.start_at),
            String(m.end_at),
            String(m.event_type),
            String(m.id),
            m.created_by === null || m.created_by === uid ? 'me' : String(m.created_by),
            momentText(m.body),
          ]),
      ),
    ),
    'chats.json': jsonFile({ chats }),
    'surveys.json': jsonFile(grouped['surveys.json'] ?? { onboarding_survey_responses: [] }),
    'safety-plan.json': jsonFile(safetyPlan[0] ?? null),
    'metadata.json': jsonFile(grouped['metadata.json'] ?? { patient_metadata: [] }),
    'cloud-documents.json': jsonFile(grouped['cloud-documents.json'] ?? { cloud_documents: [] }),
    'other.json': jsonFile(grouped['other.json'] ?? {}),
  };
  for (const f of rawFiles) {
    const safeName =
      String(f.file_name)
        .replace(/[^A-Za-z0-9._ -]/g, '_')
        .slice(0, 120) || 'file';
    files[`files/${String(f.moment_id)}-${safeName}`] = f.data as Uint8Array;
  }
  const zip = zipSync(files, { level: 6, mtime: now });
  return { zip, files: Object.keys(files).length, fileName: `tend-my-data-${exportedAt.slice(0, 10)}.zip` };
}

/** Writes the export to the log (migration 0050) and answers its id. */
export async function logExport(db: Db, uid: string, exported: MyDataExport): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('personal_data_exports')
    .values({ id, user_id: uid, size_bytes: exported.zip.length, files: exported.files })
    .execute();
  return id;
}
