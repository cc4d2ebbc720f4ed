// Test support of appointments (imported by *.test.ts only): a therapist's hours set to whole days, the
// appointments' state before each test, an injector answering the response, the mails of a recipient, and a small iCalendar reader (unfolded lines, properties by name).
import type { InjectOptions } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { caller, type TestApp } from '../../../test/helpers.ts';
import { operate } from '../../../test/operate.ts';

/** Replaces the therapist's hours with the given days (default every day), 00:00–24:00, in `timezone`. */
export async function wholeDays(db: Db, therapistId: string, timezone = 'UTC', days = [1, 2, 3, 4, 5, 6, 7]) {
  await db.deleteFrom('therapist_availability').where('therapist_id', '=', therapistId).execute();
  await db.updateTable('therapists').set({ timezone }).where('id', '=', therapistId).execute();
  await db
    .insertInto('therapist_availability')
    .values(
      days.map((d) => ({
        id: `${therapistId}-day-${d}`,
        therapist_id: therapistId,
        day_of_week: d,
        start_minute: 0,
        end_minute: 1440,
      })),
    )
    .execute();
}

/**
 * Before each test: no appointments, appointment settings or jobs; therapist-1 on whole days in UTC and therapist-2
 * in New York (the caller adds what else its tests need).
 */
export async function freshAppointments(db: Db): Promise<void> {
  await db.deleteFrom('appointments').execute();
  await db.deleteFrom('appointment_settings').execute();
  await db.deleteFrom('jobs').execute();
  await wholeDays(db, 'therapist-1');
  await wholeDays(db, 'therapist-2', 'America/New_York');
}

/** An injector of the app checking every answer against the contract and answering the response itself. */
export function responder(t: Pick<TestApp, 'app'>) {
  const contractCall = caller(t);
  return async (operationId: string, options: InjectOptions) =>
    (await contractCall(operationId, options)).res;
}

/** operate (method and path from the contract, the caller by name) answering the response itself, like responder. */
export function operateResponder(t: Pick<TestApp, 'app'>) {
  const op = operate(t);
  return async (...args: Parameters<typeof op>) => (await op(...args)).res;
}

export function mailsTo(mailer: Mailer, email: string) {
  return mailer.catcher!.list(email);
}

/** The properties of an iCalendar text: name → values, in order (lines unfolded, parameters dropped). */
export function readCalendar(text: string): Map<string, string[]> {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const out = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(';')[0]!.toUpperCase();
    out.set(name, [...(out.get(name) ?? []), line.slice(colon + 1)]);
  }
  return out;
}

/** `20261201T090000Z` → epoch ms. */
export function calendarTime(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}
