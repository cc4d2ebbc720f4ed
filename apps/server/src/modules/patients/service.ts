// Care-team reads shared by the patient, patients and therapist modules: therapist summaries, graph
// series, last activity, assignment.
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index.ts';
import { validationError } from '../../http/errors.ts';
import { leadTherapistOf, type CareRole, type TherapistRow } from './access.ts';
import { normaliseAccessCode } from '../organisations/membership.ts';
import { alertNewCareTeamMember } from '../duty/alerts.ts';

export interface TherapistSummary {
  therapistId: string;
  firstName: string;
  lastName: string;
  biography: string | null;
  timezone: string | null;
  isLead: boolean;
  role: CareRole | null;
}

type TherapistFields = Pick<TherapistRow, 'id' | 'first_name' | 'last_name' | 'biography' | 'timezone'>;

/** Who the therapist is, as the care team and the therapist's profile show it (no biography: null). */
export const therapistIdentity = (t: TherapistFields) => ({
  therapistId: t.id,
  firstName: t.first_name,
  lastName: t.last_name,
  biography: t.biography === '' ? null : t.biography,
  timezone: t.timezone || null,
});

export function therapistSummary(t: TherapistFields, role: CareRole | null): TherapistSummary {
  return { ...therapistIdentity(t), isLead: role === 'lead', role };
}

const ROLE_ORDER: Record<CareRole, number> = { lead: 0, invited: 1, handover: 2 };

/** The patient's care team, lead first, then by time assigned. */
export async function careTeam(db: Db, patientId: string): Promise<TherapistSummary[]> {
  const rows = await db
    .selectFrom('care_team')
    .innerJoin('therapists', 'therapists.id', 'care_team.therapist_id')
    .select([
      'therapists.id',
      'therapists.first_name',
      'therapists.last_name',
      'therapists.biography',
      'therapists.timezone',
      'care_team.role',
      'care_team.created_at',
    ])
    .where('care_team.patient_id', '=', patientId)
    .execute();
  rows.sort(
    (a, b) =>
      ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
      new Date(a.created_at).getTime() - new Date(b.created_at).getTime() ||
      a.id.localeCompare(b.id),
  );
  return rows.map((r) => therapistSummary(r, r.role));
}

/** The time of the patient's latest own moment change (their activity), or null. */
export async function lastActivity(db: Db, patientId: string): Promise<string | null> {
  const row = await db
    .selectFrom('moments')
    .select((eb) => eb.fn.max('updated_at').as('at'))
    .where('patient_id', '=', patientId)
    .where('created_by', '=', patientId)
    .executeTakeFirst();
  return row?.at ? new Date(row.at).toISOString() : null;
}

export interface GraphPoint {
  t: number;
  value: number;
  /** PHQ-9 only: the item 9 answer. */
  item9?: number;
  /** PHQ-9 and GAD-7: each item's answer, in order. */
  items?: number[];
}

const DAY = 86_400_000;

/**
 * The chart series of a patient in [startFrom, endAt): PHQ-9 and GAD-7 totals, every check-up measure (mood,
 * sleep, energy, anxiety; each only where the check-up recorded it), activity minutes per UTC day.
 */
/** The check-up's measures, each 1 to 5. */
const CHECKUP_MEASURES = ['mood', 'sleep', 'energy', 'anxiety'] as const;

export async function graph(db: Db, patientId: string, startFrom: number, endAt: number) {
  if (endAt <= startFrom)
    throw validationError('The time window is empty: endAt must be after startFrom.', {
      fields: { endAt: 'must be after startFrom' },
    });
  const rows = await db
    .selectFrom('moments')
    .select(['event_type', 'body', 'start_at', 'end_at'])
    .where('patient_id', '=', patientId)
    .where('event_type', 'in', ['phq9', 'gad7', 'checkup', 'activity'])
    .where('start_at', '>=', new Date(startFrom))
    .where('start_at', '<', new Date(endAt))
    .orderBy('start_at')
    .orderBy('id')
    .execute();
  const series = {
    phq9: [] as GraphPoint[],
    gad7: [] as GraphPoint[],
    mood: [] as GraphPoint[],
    sleep: [] as GraphPoint[],
    energy: [] as GraphPoint[],
    anxiety: [] as GraphPoint[],
    activityMinutes: [] as GraphPoint[],
  };
  const minutesByDay = new Map<number, number>();
  for (const r of rows) {
    const t = new Date(r.start_at).getTime();
    const body = (r.body ?? {}) as Record<string, unknown>;
    if (r.event_type === 'phq9' || r.event_type === 'gad7') {
      const items = Array.isArray(body.items)
        ? (body.items as unknown[]).filter((i): i is number => typeof i === 'number')
        : [];
      if (items.length === 0) continue;
      const point: GraphPoint = { t, value: items.reduce((a, b) => a + b, 0), items };
      if (r.event_type === 'phq9' && items[8] !== undefined) point.item9 = items[8];
      series[r.event_type].push(point);
    } else if (r.event_type === 'checkup') {
      for (const measure of CHECKUP_MEASURES) {
        const value = body[measure];
        if (typeof value === 'number') series[measure].push({ t, value });
      }
    } else {
      const seconds =
        typeof body.durationSeconds === 'number'
          ? body.durationSeconds
          : (new Date(r.end_at).getTime() - t) / 1000;
      const day = Math.floor(t / DAY) * DAY;
      minutesByDay.set(day, (minutesByDay.get(day) ?? 0) + Math.max(0, seconds) / 60);
    }
  }
  series.activityMinutes = [...minutesByDay.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([t, value]) => ({ t, value: Math.round(value * 10) / 10 }));
  return { startFrom, endAt, series };
}

/**
 * Assigns a therapist to a patient (idempotent): the first therapist becomes lead, later ones `invited`.
 * Records the patient's consent and a care event. Call inside a transaction.
 */
export async function assignTherapist(db: Db, patientId: string, therapistId: string, actorId: string) {
  const existing = await db
    .selectFrom('care_team')
    .selectAll()
    .where('patient_id', '=', patientId)
    .where('therapist_id', '=', therapistId)
    .executeTakeFirst();
  await db
    .insertInto('data_sharing_consents')
    .values({ patient_id: patientId, therapist_id: therapistId, consented_at: new Date(), revoked_at: null })
    .onConflict((oc) => oc.columns(['patient_id', 'therapist_id']).doUpdateSet({ revoked_at: null }))
    .execute();
  if (existing) return existing;
  // Serialise concurrent assignments of one patient so only one can become lead.
  await db.selectFrom('patients').select('id').where('id', '=', patientId).forUpdate().execute();
  const lead = await leadTherapistOf(db, patientId);
  const row = await db
    .insertInto('care_team')
    .values({
      patient_id: patientId,
      therapist_id: therapistId,
      role: lead !== undefined ? 'invited' : 'lead',
      created_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db
    .insertInto('care_events')
    .values({
      id: randomUUID(),
      patient_id: patientId,
      therapist_id: therapistId,
      event: 'assigned',
      actor_id: actorId,
    })
    .execute();
  // Open risk follows the patient: the new member sees any open, unacknowledged risk at once.
  await alertNewCareTeamMember(db, patientId, therapistId);
  return row;
}

/**
 * The patient who holds a valid access code (the code a patient gives a therapist: see getAccessCode),
 * or null for an unknown or expired code (redeemed by the therapist call redeemPatientAccessCode). The code
 * may be typed in any case, with spaces or hyphens.
 */
export async function patientIdForAccessCode(db: Db, code: string): Promise<string | null> {
  const row = await db
    .selectFrom('patient_access_codes')
    .select('patient_id')
    .where('code', '=', normaliseAccessCode(code))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.patient_id ?? null;
}
