// The duty rota and who a risk signal reaches.
//
// - An organisation's duty clinicians are the therapists of its rota (`organisation_duty_shifts`) whose shift
//   covers now in their own timezone. Only therapists of the organisation or of an ancestor may be on its rota.
// - Who a risk signal of a patient reaches (`alertRecipients`): the patient's care team; a patient without one
//   goes to the duty clinicians of their organisation, else (nobody on duty) to every therapist of the
//   organisation, else to its administrators by e-mail (the escalation job sends that e-mail at once).
// - Escalation (`ESCALATION_JOB`, run by the server's job queue once across instances): when no alert of a risk
//   event is acknowledged within the organisation's `escalationMinutes` (30 by default), every duty clinician
//   is alerted (level 1); if still nobody acknowledges within the limit again, the organisation's
//   administrators are e-mailed (level 2). Each step is a `risk_escalations` row the risk history shows.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import { enqueueJob, type Job, type JobKind } from '../../jobs/queue.ts';
import type { AppDeps } from '../../http/types.ts';
import { ancestry, organisationTree } from '../organisations/access.ts';
import { loadOrgs, mergedValues } from '../organisations/service.ts';

export const ESCALATION_JOB = 'risk-escalation';
export const ALERT_KIND = 'high-risk';
const DEFAULT_ESCALATION_MINUTES = 30;
let defaultEscalationSeconds = DEFAULT_ESCALATION_MINUTES * 60;

/** The server's default limit (TEND_ESCALATION_SECONDS), set once at start. */
export function setDefaultEscalationSeconds(seconds: number | undefined): void {
  defaultEscalationSeconds = seconds && seconds > 0 ? seconds : DEFAULT_ESCALATION_MINUTES * 60;
}

export type AlertRoute = 'care-team' | 'duty' | 'escalation' | 'take-on';

export interface ShiftRow {
  therapist_id: string;
  day_of_week: number | null;
  start_minute: number;
  end_minute: number;
}

/** The weekday (1 = Monday … 7 = Sunday) and minute of the day at `at` in `timeZone` (UTC when unknown). */
export function localTime(at: Date, timeZone: string | null | undefined): { day: number; minute: number } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone || 'UTC',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
  } catch {
    return localTime(at, 'UTC');
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { day, minute: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Whether a shift covers `at` for a therapist in `timeZone`. */
export function shiftCovers(
  shift: Omit<ShiftRow, 'therapist_id'>,
  at: Date,
  timeZone: string | null,
): boolean {
  const { day, minute } = localTime(at, timeZone);
  if (shift.day_of_week !== null && shift.day_of_week !== day) return false;
  return minute >= shift.start_minute && minute < shift.end_minute;
}

/** The therapists on duty now for an organisation (its own rota). */
export async function onDutyNow(db: Db, organisationId: string, at = new Date()): Promise<string[]> {
  const rows = await db
    .selectFrom('organisation_duty_shifts as s')
    .innerJoin('therapists as t', 't.id', 's.therapist_id')
    .select(['s.therapist_id', 's.day_of_week', 's.start_minute', 's.end_minute', 't.timezone'])
    .where('s.organisation_id', '=', organisationId)
    .execute();
  const ids = new Set<string>();
  for (const r of rows) if (shiftCovers(r, at, r.timezone)) ids.add(r.therapist_id);
  return [...ids].sort();
}

export interface DutyRecipients {
  therapistIds: string[];
  /** rota: on duty now; organisation: nobody on duty, every therapist of the organisation; none: nobody. */
  via: 'rota' | 'organisation' | 'none';
}

/** Who stands in for a missing care team: the duty clinicians, else every therapist of the organisation. */
export async function dutyRecipients(
  db: Db,
  organisationId: string,
  at = new Date(),
): Promise<DutyRecipients> {
  const duty = await onDutyNow(db, organisationId, at);
  if (duty.length > 0) return { therapistIds: duty, via: 'rota' };
  const all = await db
    .selectFrom('therapists')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .orderBy('id')
    .execute();
  if (all.length > 0) return { therapistIds: all.map((t) => t.id), via: 'organisation' };
  return { therapistIds: [], via: 'none' };
}

/** Whether a therapist stands in for the missing care team of a patient of `organisationId`. */
export async function isDutyClinician(db: Db, therapistId: string, organisationId: string): Promise<boolean> {
  return (await dutyRecipients(db, organisationId)).therapistIds.includes(therapistId);
}

/** The organisations a therapist stands in for now: on their rota now, or their own when nobody is on duty there. */
export async function dutyOrganisations(
  db: Db,
  therapistId: string,
): Promise<Array<{ organisationId: string; via: 'rota' | 'organisation' }>> {
  const [shifts, me] = await Promise.all([
    db
      .selectFrom('organisation_duty_shifts')
      .select('organisation_id')
      .distinct()
      .where('therapist_id', '=', therapistId)
      .execute(),
    db.selectFrom('therapists').select('organisation_id').where('id', '=', therapistId).executeTakeFirst(),
  ]);
  const candidates = new Set(shifts.map((r) => r.organisation_id));
  if (me) candidates.add(me.organisation_id);
  const out: Array<{ organisationId: string; via: 'rota' | 'organisation' }> = [];
  for (const id of [...candidates].sort()) {
    const recipients = await dutyRecipients(db, id);
    if (recipients.therapistIds.includes(therapistId))
      out.push({ organisationId: id, via: recipients.via === 'rota' ? 'rota' : 'organisation' });
  }
  return out;
}

/** Therapists that may be on an organisation's rota: of the organisation or an ancestor. */
export async function eligibleTherapists(db: Db, organisationId: string) {
  const chain = ancestry(await organisationTree(db), organisationId);
  if (chain.length === 0) return [];
  return db
    .selectFrom('therapists')
    .select(['id', 'first_name', 'last_name', 'timezone', 'organisation_id', 'email'])
    .where('organisation_id', 'in', chain)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

/**
 * The e-mail addresses of an organisation's administrators (of it or an ancestor); when it has none, its
 * (inherited) contact address.
 */
export async function administratorEmails(db: Db, organisationId: string): Promise<string[]> {
  const chain = ancestry(await organisationTree(db), organisationId);
  if (chain.length === 0) return [];
  const rows = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('u.email')
    .where('r.role', '=', 'admin')
    .where('r.organisation_id', 'in', chain)
    .execute();
  if (rows.length > 0) return [...new Set(rows.map((r) => r.email))].sort();
  const contact = mergedValues(await loadOrgs(db), organisationId, 'details').contactEmail;
  return typeof contact === 'string' && contact ? [contact] : [];
}

async function careTeamOf(db: Db, patientId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('care_team')
    .select('therapist_id')
    .where('patient_id', '=', patientId)
    .execute();
  return rows.map((r) => r.therapist_id);
}

export async function hasCareTeam(db: Db, patientId: string): Promise<boolean> {
  return (await careTeamOf(db, patientId)).length > 0;
}

/** The escalation limit of an organisation in ms: its (inherited) `escalationMinutes`, else the server default. */
export async function escalationLimitMs(db: Db, organisationId: string): Promise<number> {
  const orgs = await loadOrgs(db);
  if (!orgs.rows.has(organisationId)) return defaultEscalationSeconds * 1000;
  const minutes = mergedValues(orgs, organisationId, 'appSettings').escalationMinutes;
  return typeof minutes === 'number' && minutes > 0 ? minutes * 60_000 : defaultEscalationSeconds * 1000;
}

/**
 * Leaves a high-risk alert for each recipient of a risk event: the care team (but `except`, who raised it by
 * hand), or, for a patient without one, the duty clinicians (see the header). One alert per therapist per risk
 * event (a unique index). Schedules the escalation check. Answers who was alerted.
 */
export async function alertForRiskEvent(
  db: Db,
  event: { id: string; patientId: string; reason: string | null; source: string; at: Date },
  except?: string,
): Promise<{ therapistIds: string[]; route: AlertRoute | null }> {
  const team = await careTeamOf(db, event.patientId);
  const patient = await db
    .selectFrom('patients')
    .select('organisation_id')
    .where('id', '=', event.patientId)
    .executeTakeFirst();
  if (!patient) return { therapistIds: [], route: null };
  let ids: string[];
  let route: AlertRoute;
  if (team.length > 0) {
    ids = team.filter((id) => id !== except);
    route = 'care-team';
  } else {
    ids = (await dutyRecipients(db, patient.organisation_id, event.at)).therapistIds;
    route = 'duty';
  }
  await insertAlerts(db, event, ids, route);
  const limit = await escalationLimitMs(db, patient.organisation_id);
  // Nobody to alert at all: the administrators are e-mailed at once; else after the limit.
  const level = ids.length === 0 && team.length === 0 ? 2 : 1;
  await enqueueJob(
    db,
    ESCALATION_JOB,
    { riskEventId: event.id, patientId: event.patientId, level },
    { runAt: new Date(level === 2 ? Date.now() : Date.now() + limit), maxAttempts: 3 },
  );
  return { therapistIds: ids, route };
}

export async function insertAlerts(
  db: Db,
  event: { id: string; patientId: string; reason: string | null; source: string; at?: Date },
  therapistIds: string[],
  route: AlertRoute,
): Promise<string[]> {
  if (therapistIds.length === 0) return [];
  const rows = await db
    .insertInto('therapist_notifications')
    .values(
      therapistIds.map((therapistId) => ({
        id: randomUUID(),
        therapist_id: therapistId,
        patient_id: event.patientId,
        kind: ALERT_KIND,
        payload: json({ reason: event.reason, source: event.source }),
        risk_event_id: event.id,
        route,
        ...(event.at ? { created_at: event.at } : {}),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['risk_event_id', 'therapist_id']).where('risk_event_id', 'is not', null).doNothing(),
    )
    .returning('therapist_id')
    .execute();
  return rows.map((r) => r.therapist_id);
}

/**
 * Open risk follows the patient: a therapist who joins a patient's care team gets an alert for each open risk
 * event (the patient is flagged now and nobody has acknowledged an alert of it). Run in the joining transaction.
 */
export async function alertNewCareTeamMember(
  db: Db,
  patientId: string,
  therapistId: string,
): Promise<number> {
  const flag = await db
    .selectFrom('patient_risk')
    .select('high_risk')
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  if (!flag?.high_risk) return 0;
  const { rows } = await sql<{ id: string; reason: string | null; source: string }>`
    select e.id, e.reason, e.source from risk_events e
    where e.patient_id = ${patientId} and e.high_risk
      and not exists (select 1 from therapist_notifications n
                      where n.risk_event_id = e.id and n.acknowledged_at is not null)
      and not exists (select 1 from risk_events later
                      where later.patient_id = e.patient_id and not later.high_risk and later.created_at > e.created_at)
    order by e.created_at desc limit 20`.execute(db);
  let count = 0;
  for (const e of rows) {
    const added = await insertAlerts(
      db,
      { id: e.id, patientId, reason: e.reason, source: e.source },
      [therapistId],
      'take-on',
    );
    count += added.length;
  }
  return count;
}

async function acknowledged(db: Db, riskEventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('therapist_notifications')
    .select('id')
    .where('risk_event_id', '=', riskEventId)
    .where('acknowledged_at', 'is not', null)
    .executeTakeFirst();
  return Boolean(row);
}

/** One escalation step (see the header); a step already taken (by another instance) is not taken again. */
export async function escalate(
  deps: AppDeps,
  riskEventId: string,
  patientId: string,
  level: number,
): Promise<void> {
  const { db } = deps;
  const event = await db
    .selectFrom('risk_events')
    .select(['id', 'reason', 'source', 'high_risk'])
    .where('id', '=', riskEventId)
    .executeTakeFirst();
  const patient = await db
    .selectFrom('patients as p')
    .innerJoin('organisations as o', 'o.id', 'p.organisation_id')
    .select(['p.organisation_id', 'o.name'])
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  if (!event || !patient || !event.high_risk) return;
  if (await acknowledged(db, riskEventId)) return;
  const flag = await db
    .selectFrom('patient_risk')
    .select('high_risk')
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  if (flag && !flag.high_risk) return;
  const mail: { to: string[]; organisation: string } | null = await db.transaction().execute(async (trx) => {
    const step = await trx
      .insertInto('risk_escalations')
      .values({ id: randomUUID(), patient_id: patientId, risk_event_id: riskEventId, level })
      .onConflict((oc) => oc.columns(['risk_event_id', 'level']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!step) return null;
    if (level === 1) {
      const duty = await onDutyNow(trx, patient.organisation_id);
      const fallback =
        duty.length > 0 ? duty : (await dutyRecipients(trx, patient.organisation_id)).therapistIds;
      const added = await insertAlerts(
        trx,
        { id: riskEventId, patientId, reason: event.reason, source: event.source },
        fallback,
        'escalation',
      );
      await trx
        .updateTable('risk_escalations')
        .set({ therapist_ids: json(added) })
        .where('id', '=', step.id)
        .execute();
      const limit = await escalationLimitMs(trx, patient.organisation_id);
      await enqueueJob(
        trx,
        ESCALATION_JOB,
        { riskEventId, patientId, level: 2 },
        { runAt: new Date(Date.now() + limit), maxAttempts: 3 },
      );
      return null;
    }
    const to = await administratorEmails(trx, patient.organisation_id);
    await trx
      .updateTable('risk_escalations')
      .set({ emailed: json(to) })
      .where('id', '=', step.id)
      .execute();
    return { to, organisation: patient.name };
  });
  if (!mail) return;
  for (const to of mail.to) {
    // No health data by e-mail: the console holds the alert and the patient.
    await deps.mailer.send({
      to,
      subject: `Tend: a high-risk alert in ${mail.organisation} has not been acknowledged`,
      text: [
        `A high-risk alert for a patient of ${mail.organisation} has not been acknowledged by any clinician within the time limit.`,
        '',
        'Please make sure a clinician on duty opens the therapist console, takes the patient on and acknowledges the alert.',
        '',
        `Reference: ${riskEventId}`,
      ].join('\n'),
    });
  }
}

export const escalationJob: JobKind = {
  async run(job: Job, deps: AppDeps) {
    const p = job.payload as { riskEventId?: unknown; patientId?: unknown; level?: unknown };
    if (typeof p.riskEventId !== 'string' || typeof p.patientId !== 'string') return;
    await escalate(deps, p.riskEventId, p.patientId, p.level === 2 ? 2 : 1);
  },
};
