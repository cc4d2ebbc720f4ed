// Appointments across server instances (on PostgreSQL, `npm run test:pg`: two apps with their own pools over
// one database, as two processes; on PGlite two apps over one database): concurrent bookings of one slot
// give exactly one appointment, and the reminder the day before is sent once per appointment with two
// instances running the job queue, across a restart, and not at all for a moved or cancelled appointment.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { twoInstances, type Pair } from '../../../test/instances.ts';
import { testConfig } from '../../config.ts';
import { seedIfEmpty } from '../../db/seed.ts';
import type { AppDeps } from '../../http/types.ts';
import { JobQueue, enqueueJob } from '../../jobs/queue.ts';
import { careResolveUser } from '../patients/care-test-app.ts';
import { APPOINTMENT_REMINDER_JOB, appointmentReminderJob } from './reminders.ts';
import { wholeDays } from './test-support.ts';

let pair: Pair;
const HOUR = 3_600_000;
beforeAll(async () => {
  pair = await twoInstances({ rateLimitEnabled: false, resolveUser: careResolveUser });
  await seedIfEmpty({ db: pair.db, config: testConfig() });
});
afterAll(() => pair?.close());

const depsOf = (app: FastifyInstance) => (app as unknown as { tend: AppDeps }).tend;
const catchers = () => [...new Set([depsOf(pair.a).mailer, depsOf(pair.b).mailer])].map((m) => m.catcher!);
const reminders = () =>
  catchers()
    .flatMap((c) => c.list())
    .filter((m) => m.subject === 'Tend: your appointment is tomorrow');

beforeEach(async () => {
  await pair.db.deleteFrom('appointments').execute();
  await pair.db.deleteFrom('jobs').execute();
  for (const c of catchers()) c.clear();
  await wholeDays(pair.db, 'therapist-1');
});

interface Slot {
  therapistId: string;
  start: string;
}
async function slots(app: FastifyInstance, user: string): Promise<Slot[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/appointments/slots?therapistId=therapist-1',
    headers: { 'x-test-user': user },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { slots: Slot[] }).slots;
}
const book = (app: FastifyInstance, user: string, start: string) =>
  app.inject({
    method: 'POST',
    url: '/appointments',
    headers: { 'x-test-user': user },
    payload: { therapistId: 'therapist-1', start, kind: 'video' },
  });

describe('concurrent bookings', () => {
  it('two patients booking one slot at once on two instances: exactly one appointment, one 409 slot_taken', async () => {
    const free = await slots(pair.a, 'patient');
    for (const slot of free.slice(0, 4)) {
      const [x, y] = await Promise.all([
        book(pair.a, 'patient', slot.start),
        book(pair.b, 'patient2', slot.start),
      ]);
      expect([x.statusCode, y.statusCode].sort(), `${x.body} ${y.body}`).toEqual([201, 409]);
      const loser = x.statusCode === 409 ? x : y;
      expect(loser.json()).toMatchObject({ code: 'slot_taken', details: { freeSlots: expect.any(Array) } });
      const rows = await pair.db
        .selectFrom('appointments')
        .select('id')
        .where('therapist_id', '=', 'therapist-1')
        .where('starts_at', '=', new Date(slot.start))
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('one patient booking the same slot twice at once gets one appointment', async () => {
    const [slot] = await slots(pair.a, 'patient');
    const answers = await Promise.all([
      book(pair.a, 'patient', slot!.start),
      book(pair.b, 'patient', slot!.start),
      book(pair.a, 'patient', slot!.start),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe('the reminder the day before', () => {
  /** Books a slot more than a day ahead; answers its id and start. */
  async function bookTomorrowPlus() {
    const free = await slots(pair.a, 'patient');
    const slot = free.find((s) => Date.parse(s.start) > Date.now() + 30 * HOUR)!;
    const res = await book(pair.a, 'patient', slot.start);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { appointmentId: string; start: string };
  }
  const jobsOf = (appointmentId: string) =>
    pair.db
      .selectFrom('jobs')
      .select(['id', 'status', 'run_at', 'payload'])
      .where('kind', '=', APPOINTMENT_REMINDER_JOB)
      .where(sql<boolean>`payload->>'appointmentId' = ${appointmentId}`)
      .orderBy('created_at')
      .execute();
  const makeDue = () =>
    pair.db
      .updateTable('jobs')
      .set({ run_at: sql`now() - interval '1 second'` })
      .where('kind', '=', APPOINTMENT_REMINDER_JOB)
      .where('status', '=', 'queued')
      .execute();
  const kinds = { [APPOINTMENT_REMINDER_JOB]: appointmentReminderJob };
  const queueOf = (app: FastifyInstance, workerId: string) => new JobQueue(depsOf(app), kinds, { workerId });

  it('is queued for 24 hours before the start and sent once, with two instances polling at once', async () => {
    const a = await bookTomorrowPlus();
    const [job] = await jobsOf(a.appointmentId);
    expect(new Date(job!.run_at).getTime()).toBe(Date.parse(a.start) - 24 * HOUR);
    await makeDue();
    await Promise.all([queueOf(pair.a, 'a').runDue(), queueOf(pair.b, 'b').runDue()]);
    expect(
      reminders()
        .map((m) => m.to[0])
        .sort(),
    ).toEqual(['patient@example.com', 'therapist@example.com']);
    // The same reminder queued again (a duplicate job) sends nothing more.
    await enqueueJob(pair.db, APPOINTMENT_REMINDER_JOB, job!.payload as Record<string, unknown>);
    await Promise.all([queueOf(pair.a, 'a').runDue(), queueOf(pair.b, 'b').runDue()]);
    expect(reminders()).toHaveLength(2);
    const sent = await pair.db
      .selectFrom('appointment_reminders')
      .selectAll()
      .where('appointment_id', '=', a.appointmentId)
      .execute();
    expect(sent).toHaveLength(1);
  });

  it('survives a restart: a reminder claimed by an instance that died is sent once by the restarted one', async () => {
    const a = await bookTomorrowPlus();
    await makeDue();
    const dying = queueOf(pair.b, 'b-before-restart');
    const claimed = await dying.claim();
    expect((claimed?.payload as { appointmentId: string }).appointmentId).toBe(a.appointmentId);
    const b = await pair.restartB();
    // The dead worker's heartbeat is a minute old (the database's clock): any instance takes the job over.
    await pair.db
      .updateTable('jobs')
      .set({ locked_at: sql`now() - interval '1 minute'` })
      .where('id', '=', claimed!.id)
      .execute();
    await Promise.all([queueOf(b, 'b-after-restart').tick(), queueOf(pair.a, 'a').tick()]);
    await queueOf(b, 'b-after-restart').tick();
    // pair.b is the restarted instance now: its mailbox is among those counted.
    expect(reminders()).toHaveLength(2);
    expect((await jobsOf(a.appointmentId))[0]).toMatchObject({ status: 'succeeded' });
  });

  it('is not sent for a cancelled appointment, nor for the start an appointment moved from', async () => {
    const a = await bookTomorrowPlus();
    const c = await bookTomorrowPlus();
    const free = await slots(pair.a, 'patient');
    const later = free.find((s) => Date.parse(s.start) > Date.parse(a.start) + 3 * HOUR)!;
    const moved = await pair.a.inject({
      method: 'POST',
      url: `/appointments/${a.appointmentId}/move`,
      headers: { 'x-test-user': 'patient' },
      payload: { start: later.start },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await pair.a.inject({
      method: 'POST',
      url: `/appointments/${c.appointmentId}/cancel`,
      headers: { 'x-test-user': 'patient' },
      payload: { reason: 'Feeling better' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await jobsOf(a.appointmentId)).toHaveLength(2);
    await makeDue();
    await queueOf(pair.a, 'a').runDue();
    // One reminder pair: the moved appointment's new start; none for its old start or the cancelled one.
    const sent = await pair.db.selectFrom('appointment_reminders').selectAll().execute();
    expect(sent.map((r) => [r.appointment_id, new Date(r.starts_at).toISOString()])).toEqual([
      [a.appointmentId, later.start],
    ]);
    expect(reminders()).toHaveLength(2);
  });
});
