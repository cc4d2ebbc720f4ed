/**
 * The therapist console's caseload benchmark data: 10,000 patients of the demo therapist, with a realistic mix
 * so the server's order (high-risk first, then latest activity) and the rows (flags with reasons, PHQ-9/GAD-7
 * with the change since the previous result, shared data, lead or not, unread messages) look like a real day.
 *
 * BENCH_DATA: 10,000 patients `bench-caseload-00001` … `bench-caseload-10000` of Tend Health (no sign-in
 * accounts), all in `therapist-1`'s care: ~85 % led by them (the rest led by `therapist-2`), ~60 % sharing data
 * with them; each with 0-3 PHQ-9 and 0-3 GAD-7 results and 0-6 check-ups over the last 120 days (~55,000
 * moments); ~3 % flagged high-risk (the reason and its history, and an alert to therapist-1 for each, most of
 * them acknowledged, ~40 open).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { json } from '../../index.ts';
import type { Database } from '../../schema.ts';
import { gad7Severity, phq9Severity, random } from '../../seed-data.ts';
import { inBatches, type LargeSeedPart } from '../index.ts';

export const CASELOAD_PATIENTS = 10_000;
const THERAPIST = 'therapist-1';
const OTHER = 'therapist-2';
const ORGANISATION = 'org-tend-health';
const DAY = 86_400_000;

const FIRST = [
  'Sam',
  'Alex',
  'Jordan',
  'Priya',
  'Maya',
  'Noor',
  'Isla',
  'Kit',
  'Robin',
  'Jules',
  'Ari',
  'Ellis',
  'Rowan',
  'Amara',
  'Tom',
  'Zara',
  'Leo',
  'Ada',
  'Finn',
  'Hana',
  'Omar',
  'Lucy',
  'Ravi',
  'Grace',
  'Yusuf',
  'Chloe',
  'Dev',
  'Erin',
  'Kai',
  'Mia',
];
const LAST = [
  'Taylor',
  'Patel',
  'Murray',
  'Okafor',
  'Reed',
  'Khan',
  'Smith',
  'Jones',
  'Ali',
  'Brown',
  'Wilson',
  'Evans',
  'Hughes',
  'Clarke',
  'Nguyen',
  'Campbell',
  'Lewis',
  'Walker',
  'Ahmed',
  'Green',
  'Hall',
  'Wood',
  'Hussain',
  'Kaur',
  'Price',
  'Bennett',
  'Shaw',
  'Ellis',
  'Fraser',
  'Doyle',
];

/** Item answers (0-3) that add up to about `target`. */
function answers(count: number, target: number, next: () => number): number[] {
  const items = Array.from({ length: count }, () => 0);
  let left = Math.max(0, Math.min(count * 3, Math.round(target)));
  while (left > 0) {
    const i = Math.floor(next() * count);
    if (items[i]! < 3) {
      items[i]! += 1;
      left -= 1;
    }
  }
  return items;
}

const part: LargeSeedPart = {
  name: `${CASELOAD_PATIENTS.toLocaleString('en-GB')} patients on the demo therapist's caseload`,
  async seed({ db }) {
    const { next } = random(20261115);
    const now = Date.now();
    const id = (i: number) => `bench-caseload-${String(i).padStart(5, '0')}`;
    const patients: Array<Record<string, unknown>> = [];
    const team: Array<Record<string, unknown>> = [];
    const consents: Array<Record<string, unknown>> = [];
    const moments: Array<Record<string, unknown>> = [];
    const risks: Array<Record<string, unknown>> = [];
    const events: Array<Record<string, unknown>> = [];
    const alerts: Array<Record<string, unknown>> = [];
    let open = 0;
    for (let i = 1; i <= CASELOAD_PATIENTS; i++) {
      const pid = id(i);
      const first = FIRST[Math.floor(next() * FIRST.length)]!;
      const last = LAST[Math.floor(next() * LAST.length)]!;
      const joined = new Date(now - (30 + Math.floor(next() * 700)) * DAY);
      const flagged = next() < 0.03;
      patients.push({
        id: pid,
        organisation_id: ORGANISATION,
        email: `${pid}@bench.example`,
        first_name: first,
        last_name: `${last}-${i}`,
        high_risk: flagged,
        created_at: joined,
        updated_at: joined,
      });
      const led = next() < 0.85;
      team.push({
        patient_id: pid,
        therapist_id: THERAPIST,
        role: led ? 'lead' : 'invited',
        created_at: joined,
      });
      if (!led)
        team.push({
          patient_id: pid,
          therapist_id: OTHER,
          role: 'lead',
          created_at: new Date(joined.getTime() - DAY),
        });
      if (next() < 0.6)
        consents.push({ patient_id: pid, therapist_id: THERAPIST, consented_at: joined, revoked_at: null });

      // Their own entries over the last 120 days: screenings drifting from a baseline, and check-ups.
      const baseline = flagged ? 14 + next() * 10 : next() * 16;
      let lastAt = 0;
      for (const [type, count, max] of [
        ['phq9', Math.floor(next() * 4), 27],
        ['gad7', Math.floor(next() * 4), 21],
      ] as const) {
        for (let k = 0; k < count; k++) {
          const start = now - Math.floor((count - k) * (25 + next() * 15) * DAY + next() * DAY);
          const score = Math.max(0, Math.min(max, baseline * (max / 27) + (next() - 0.5) * 10));
          const items = answers(type === 'phq9' ? 9 : 7, score, next);
          if (type === 'phq9' && flagged && k === count - 1 && next() < 0.5)
            items[8] = 1 + Math.floor(next() * 2);
          const total = items.reduce((a, b) => a + b, 0);
          moments.push({
            id: randomUUID(),
            patient_id: pid,
            event_type: type,
            body: json({
              items,
              total,
              severity: type === 'phq9' ? phq9Severity(total) : gad7Severity(total),
            }),
            start_at: new Date(start),
            end_at: new Date(start + 240_000),
            created_by: pid,
            created_at: new Date(start),
            updated_at: new Date(start),
          });
          lastAt = Math.max(lastAt, start);
        }
      }
      const checkups = Math.floor(next() * 7);
      for (let k = 0; k < checkups; k++) {
        const start = now - Math.floor(next() * 120 * DAY);
        moments.push({
          id: randomUUID(),
          patient_id: pid,
          event_type: 'checkup',
          body: json({ mood: 1 + Math.floor(next() * 5) }),
          start_at: new Date(start),
          end_at: new Date(start),
          created_by: pid,
          created_at: new Date(start),
          updated_at: new Date(start),
        });
        lastAt = Math.max(lastAt, start);
      }
      if (flagged) {
        const at = new Date(lastAt || now - Math.floor(next() * 30 * DAY));
        const byHand = next() < 0.3;
        const source = byHand ? 'therapist' : next() < 0.5 ? 'phq9-item9' : 'phq9-severe';
        const reason = byHand
          ? 'Raised by a colleague after a session.'
          : source === 'phq9-item9'
            ? 'PHQ-9 item 9 (thoughts of self-harm) answered 1 of 3.'
            : 'PHQ-9 total 21 (severe).';
        risks.push({
          patient_id: pid,
          high_risk: true,
          reason,
          source,
          flagged_at: at,
          flagged_by: byHand ? OTHER : null,
          updated_at: at,
        });
        events.push({
          id: randomUUID(),
          patient_id: pid,
          high_risk: true,
          reason,
          source,
          actor_id: byHand ? OTHER : null,
          created_at: at,
        });
        const acknowledged = open >= 40 || next() < 0.7;
        if (!acknowledged) open += 1;
        alerts.push({
          id: randomUUID(),
          therapist_id: THERAPIST,
          patient_id: pid,
          kind: 'high-risk',
          payload: json({ reason, source }),
          created_at: at,
          read_at: acknowledged ? new Date(at.getTime() + 3_600_000) : null,
          acknowledged_at: acknowledged ? new Date(at.getTime() + 3_600_000) : null,
          acknowledged_by: acknowledged ? THERAPIST : null,
          acknowledgement_note: acknowledged ? 'Called the patient; safety plan reviewed.' : null,
        });
      }
    }
    // Each table with its rows and batch size, in this order: a table's rows name rows of the ones before.
    const tables: Array<[keyof Database, unknown[], number]> = [
      ['patients', patients, 2_000],
      ['care_team', team, 4_000],
      ['data_sharing_consents', consents, 4_000],
      ['moments', moments, 2_000],
      ['patient_risk', risks, 2_000],
      ['risk_events', events, 2_000],
      ['therapist_notifications', alerts, 2_000],
    ];
    await db.transaction().execute(async (trx) => {
      for (const [table, rows, size] of tables)
        await inBatches(rows, size, (b) =>
          trx
            .insertInto(table)
            .values(b as never)
            .execute(),
        );
    });
    // Statistics as a live database keeps them (PGlite runs no autovacuum): the planner then sorts the caseload
    // with hash joins instead of guessing from empty tables.
    await sql`analyze`.execute(db);
  },
};
export default part;
