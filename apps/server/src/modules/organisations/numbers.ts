// THE ORGANISATION'S NUMBERS, defined once. Every page that shows how many patients, therapists,
// waiting patients or places an organisation has (the organisation overview, Roles, Dashboards, the admin
// Home) takes them from here, so they mean the same everywhere:
//
// - patients:        people whose patient record belongs to the organisation itself (not to an organisation
//                    below it: each of those has its own page and its own numbers);
// - therapists:      therapists whose profile belongs to the organisation itself;
// - waitingPatients: its patients with nobody in their care team (the intake queue), with the oldest wait;
// - placesUsed:      its patients: each patient holds one place of the subscription while they belong to
//                    the organisation (a patient who leaves or moves frees it); admission refuses a new
//                    patient when placesUsed reaches the subscription's (inherited) maxRedemptions.
//
// Before, the overview counted access-code redemptions (only people who had joined by a code, never freed),
// Roles the organisation's own patients and Dashboards the organisation with every organisation below it.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

/** Patients per organisation (those ids, or every organisation): also the places each one uses. */
export async function patientCounts(db: Db, organisationIds?: string[]): Promise<Map<string, number>> {
  if (organisationIds && organisationIds.length === 0) return new Map();
  let q = db
    .selectFrom('patients')
    .select(['organisation_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('organisation_id');
  if (organisationIds) q = q.where('organisation_id', 'in', organisationIds);
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.organisation_id, Number(r.n)]));
}

export async function patientCount(db: Db, organisationId: string): Promise<number> {
  return (await patientCounts(db, [organisationId])).get(organisationId) ?? 0;
}

export async function therapistCount(db: Db, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('therapists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organisation_id', '=', organisationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Since when a patient has waited for a therapist: the latest of their joining the organisation (record
 * created, or their latest redemption of it) and their latest removal from a care team there.
 */
export const waitingSinceSql = sql<Date>`greatest(
  p.created_at,
  coalesce((select max(r.redeemed_at) from organisation_redemptions r
            where r.patient_id = p.id and r.organisation_id = p.organisation_id), p.created_at),
  coalesce((select max(e.created_at) from care_events e
            where e.patient_id = p.id and e.event in ('removed', 'discharged')), p.created_at))`;

/** The patient is in nobody's care team: they wait in the intake queue. */
export const waitingSql = sql<boolean>`not exists (select 1 from care_team c where c.patient_id = p.id)`;

export async function waitingPatients(
  db: Db,
  organisationId: string,
): Promise<{ count: number; oldestSince: string | null }> {
  const row = await db
    .selectFrom('patients as p')
    .select([sql<number>`count(*)`.as('n'), sql<Date | null>`min(${waitingSinceSql})`.as('oldest')])
    .where('p.organisation_id', '=', organisationId)
    .where(waitingSql)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.n),
    oldestSince: row.oldest ? new Date(row.oldest).toISOString() : null,
  };
}

/**
 * Patients of the organisation with open risk nobody has acknowledged: flagged high-risk now, with a
 * high-risk event after their last all-clear that no clinician has acknowledged an alert of. Counts only.
 */
export async function unacknowledgedRiskCount(db: Db, organisationId: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from patients p
    left join patient_risk pr on pr.patient_id = p.id
    where p.organisation_id = ${organisationId}
      and coalesce(pr.high_risk, p.high_risk)
      and exists (
        select 1 from risk_events e
        where e.patient_id = p.id and e.high_risk
          and not exists (select 1 from therapist_notifications n
                          where n.risk_event_id = e.id and n.acknowledged_at is not null)
          and not exists (select 1 from risk_events later
                          where later.patient_id = e.patient_id and not later.high_risk
                            and later.created_at > e.created_at))`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Reports of the organisation that are ready to download. */
export async function readyReportCount(db: Db, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'succeeded')
    .where(sql<boolean>`organisation_ids @> ${JSON.stringify([organisationId])}::jsonb`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Invitations to the organisation's staff neither accepted nor withdrawn (an expired one counts: it waits to be
 * sent again or withdrawn, as the staff page lists it).
 */
export async function pendingInvitationCount(db: Db, organisationId: string): Promise<number> {
  const row = await db
    .selectFrom('organisation_invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organisation_id', '=', organisationId)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
