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
//
// This file: the rota, who is on duty and who stands in, and the escalation limit; the alerts a risk event
// leaves are in ./alerts.ts, the escalation job in ./escalation.ts.
import type { Db } from '../../db/index.ts';
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

export async function careTeamOf(db: Db, patientId: string): Promise<string[]> {
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
