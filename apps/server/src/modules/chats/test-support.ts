// Test support for the chat modules' tests (imported by *.test.ts only): a small care world, the callers,
// and a server-sent-events reader. Not used by the server.
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import type { AuthUser, ResolveUser } from '../../http/types.ts';
import { SseParser, type SseEvent } from '../../realtime/sse.ts';
import { TEST_USERS, resolveUserFrom } from '../../../test/users.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fileTestApp } from '../../../test/file-app.ts';
import { patientRow, therapistRow } from '../organisations/test-support.ts';

/** Callers by the `x-test-user` header. */
export const CHAT_USERS: Record<string, AuthUser> = {
  patient: TEST_USERS.patient!,
  /** Another patient of the same therapist (lead therapist-1), never of therapist-2. */
  patient2: TEST_USERS.patient2!,
  /** Lead of patient-01 and patient-03 (without the lead-therapist scope). */
  therapist: TEST_USERS.therapist!,
  /** therapist-1 with the lead-therapist scope. */
  lead: TEST_USERS.leadTherapist!,
  /** In patient-01's care team as invited; lead of patient-02; not in patient-03's team. */
  therapist2: {
    uid: 'therapist-2',
    email: 'therapist2@example.com',
    scopes: ['therapist', 'lead-therapist'],
    roles: ['therapist'],
  },
  /** Another organisation tree (org-elsewhere): unassigned to every patient here. */
  outsider: {
    uid: 'therapist-9',
    email: 'therapist9@example.com',
    scopes: ['therapist', 'lead-therapist'],
    roles: ['therapist'],
  },
  /** therapist-3 of the child organisation: same tree, not in patient-01's care team. */
  therapist3: {
    uid: 'therapist-3',
    email: 'therapist3@example.com',
    scopes: ['therapist', 'lead-therapist'],
    roles: ['therapist'],
  },
  /** Admin of the root organisation only (its child is included by descent). */
  admin: { ...TEST_USERS.admin!, claims: { adminOf: ['org-tend-health'] } },
  /** Admin of the child organisation only. */
  childAdmin: {
    uid: 'admin-2',
    email: 'admin2@example.com',
    scopes: ['org-admin'],
    roles: ['admin'],
    claims: { adminOf: ['org-tend-north'] },
  },
  otherAdmin: TEST_USERS.otherAdmin!,
  dataExport: TEST_USERS.dataExport!,
};

export const chatResolveUser: ResolveUser = resolveUserFrom(CHAT_USERS);

/** Organisations (root, child, elsewhere), therapists, patients and care teams for the chat tests. */
export async function seedChatWorld(db: Db): Promise<void> {
  const org = (id: string, name: string, parent_id: string | null) => ({
    id,
    name,
    parent_id,
    details: json({}),
    app_settings: json({}),
    subscription: json({}),
    research_settings: json({}),
    enabled: true,
    max_redemptions: null,
    etag: `"${id}"`,
  });
  await db
    .insertInto('organisations')
    .values(org('org-tend-health', 'Tend Health', null))
    .execute();
  await db
    .insertInto('organisations')
    .values([
      org('org-tend-north', 'Tend Health North', 'org-tend-health'),
      org('org-elsewhere', 'Elsewhere Care', null),
    ])
    .execute();
  await db
    .insertInto('therapists')
    .values([
      therapistRow('therapist-1', 'org-tend-health', 'Alex', 'Morgan'),
      therapistRow('therapist-2', 'org-tend-health', 'Priya', 'Shah'),
      therapistRow('therapist-3', 'org-tend-north', 'Jonas', 'Berg'),
      therapistRow('therapist-9', 'org-elsewhere', 'Robin', 'Vale'),
    ])
    .execute();
  const patient = (
    id: string,
    email: string,
    organisation_id: string,
    first_name: string,
    last_name: string,
  ) => patientRow(id, organisation_id, first_name, last_name, email);
  await db
    .insertInto('patients')
    .values([
      patient('patient-01', 'patient@example.com', 'org-tend-health', 'Sam', 'Taylor'),
      patient('patient-02', 'Patient2@Example.com', 'org-tend-health', 'Jordan', 'Lee'),
      patient('patient-03', 'patient3@example.com', 'org-tend-health', 'Maya', 'Patel'),
      patient('patient-13', 'patient13@example.com', 'org-tend-north', 'Freya', 'Lindqvist'),
      patient('patient-99', 'patient99@example.com', 'org-elsewhere', 'Kit', 'Ames'),
    ])
    .execute();
  await db
    .insertInto('care_team')
    .values([
      { patient_id: 'patient-01', therapist_id: 'therapist-1', role: 'lead' },
      { patient_id: 'patient-01', therapist_id: 'therapist-2', role: 'invited' },
      { patient_id: 'patient-03', therapist_id: 'therapist-1', role: 'lead' },
      { patient_id: 'patient-02', therapist_id: 'therapist-2', role: 'lead' },
      { patient_id: 'patient-13', therapist_id: 'therapist-3', role: 'lead' },
      { patient_id: 'patient-99', therapist_id: 'therapist-9', role: 'lead' },
    ])
    .execute();
}

/**
 * For a chat test file: an app over the chat world (seedChatWorld, then the file's own `seed`), made in
 * beforeAll and closed in afterAll, so each file does not spell the set-up out again. Read `t` in a test or a
 * later hook; `op` calls operations of the contract as a chat user (fileTestApp).
 */
export function chatTestApp(seed?: (t: TestApp) => Promise<void>) {
  return fileTestApp(async () => {
    const t = await createTestApp({ resolveUser: chatResolveUser, rateLimitEnabled: false });
    await seedChatWorld(t.db);
    await seed?.(t);
    return t;
  });
}

/** An inject with the caller's header (JSON body when given). */
export function as(user: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...(options.headers ?? {}), 'x-test-user': user } };
}

/** Patient-01 requests a chat and therapist-1 accepts it; returns the session id. */
export async function openChat(
  app: FastifyInstance,
  patient = 'patient',
  therapist = 'therapist',
): Promise<string> {
  const request = await app.inject(
    as(patient, {
      method: 'POST',
      url: '/patient/chat/request-chat',
      payload: { message: 'Can we talk today?' },
    }),
  );
  if (request.statusCode !== 201) throw new Error(`request-chat ${request.statusCode} ${request.body}`);
  const requestId = (request.json() as { requestId: string }).requestId;
  const accept = await app.inject(
    as(therapist, { method: 'GET', url: `/therapist/chat-requests/${requestId}/accept` }),
  );
  if (accept.statusCode !== 200) throw new Error(`accept ${accept.statusCode} ${accept.body}`);
  return (accept.json() as { chatSessionId: string }).chatSessionId;
}

/** Reads a live stream over real HTTP and collects its events. */
export class SseReader {
  readonly events: SseEvent[] = [];
  #waiters: Array<() => void> = [];
  #controller = new AbortController();
  status = 0;
  done: Promise<void> = Promise.resolve();

  async open(url: string, headers: Record<string, string> = {}): Promise<this> {
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: this.#controller.signal,
    });
    this.status = response.status;
    if (!response.ok || !response.body) {
      this.events.push({ event: 'http-error', data: await response.text() });
      return this;
    }
    const parser = new SseParser();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    this.done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          this.events.push(...parser.push(value));
          for (const w of this.#waiters.splice(0)) w();
        }
      } catch {
        // aborted
      }
      this.events.push({ event: 'closed', data: '' });
      for (const w of this.#waiters.splice(0)) w();
    })();
    return this;
  }

  /** Waits until an event satisfies the predicate (or fails after timeoutMs). */
  async next(predicate: (e: SseEvent) => boolean, timeoutMs = 10_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no such event within ${timeoutMs} ms; got ${this.events.map((e) => e.event).join(', ')}`,
        );
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.#controller.abort();
  }
}

/** The base URL of an app listening on a random port. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}
