// Intake: the organisation's patients waiting for a therapist, placing them with a lead
// therapist (from the queue, or moved from another therapist with the reason kept), and the therapists' load.
// This file: who runs an organisation's intake, the queue and the therapists' load; placing and moving
// patients are in ./placing.ts.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { HandlerContext } from '../../http/types.ts';
import { eligibleTherapists } from '../duty/service.ts';
import {
  adminScope,
  ancestry,
  callerOf,
  organisationTree,
  withDescendants,
} from '../organisations/access.ts';
import { waitingSinceSql, waitingSql } from '../organisations/numbers.ts';

/** The kind of therapist_notifications row that tells a therapist a patient was placed with them. */
export const PLACED_KIND = 'placed';

/**
 * Whether the therapist leads the intake of the organisation: a lead therapist (therapists.is_lead, set on the
 * staff page) of the organisation or of an organisation above it.
 */
export async function isOrganisationLead(
  db: Db,
  therapistId: string,
  organisationId: string,
): Promise<boolean> {
  const chain = ancestry(await organisationTree(db), organisationId);
  if (chain.length === 0) return false;
  const row = await db
    .selectFrom('therapists')
    .select('id')
    .where('id', '=', therapistId)
    .where('is_lead', '=', true)
    .where('organisation_id', 'in', chain)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * The organisations whose intake the therapist runs as a lead (their own and those below it), their own
 * first then by name; none when they are not a lead.
 */
export async function intakeOrganisationsOf(
  db: Db,
  therapistId: string,
): Promise<Array<{ organisationId: string; name: string }>> {
  const therapist = await db
    .selectFrom('therapists')
    .select(['organisation_id', 'is_lead'])
    .where('id', '=', therapistId)
    .executeTakeFirst();
  if (!therapist?.is_lead || !therapist.organisation_id) return [];
  const ids = [...withDescendants(await organisationTree(db), [therapist.organisation_id])];
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('organisations').select(['id', 'name']).where('id', 'in', ids).execute();
  const own = therapist.organisation_id;
  return rows
    .sort((a, b) =>
      a.id === own ? -1 : b.id === own ? 1 : a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    )
    .map((r) => ({ organisationId: r.id, name: r.name }));
}

/**
 * The caller may run the organisation's intake: one of its administrators, or (scope `therapist`) one of
 * its lead therapists. 404 otherwise, whether or not the organisation exists.
 */
export async function requireIntakeAccess(ctx: HandlerContext, organisationId: string): Promise<void> {
  const user = callerOf(ctx);
  if (user.scopes.includes('org-admin')) {
    const scope = await adminScope(ctx.db, user);
    if (scope.ids.has(organisationId)) return;
  }
  if (user.scopes.includes('therapist') && (await isOrganisationLead(ctx.db, user.uid, organisationId)))
    return;
  throw notFound('No such organisation.');
}

interface QueueRow {
  id: string;
  first_name: string;
  last_name: string;
  high_risk: boolean;
  waiting_since: Date | string;
  moments: number;
  journal: number;
  checkups: number;
  screenings: number;
  chat_requested: boolean;
}

const sortKey = (r: { high_risk: boolean; waiting_since: Date | string; id: string }) =>
  `${r.high_risk ? 0 : 1}|${new Date(r.waiting_since).toISOString()}|${r.id}`;

function readCursor(value: string): string {
  const key = Buffer.from(value, 'base64url').toString('utf8');
  if (/^[01]\|\d{4}-\d\d-\d\dT[\d:.]+Z\|.+$/.test(key)) return key;
  throw badRequest('The lastPage cursor is not one this server gave.', {
    fields: { lastPage: 'is not a valid cursor' },
  });
}

/** The queue: high-risk first, then the longest waiting first, then by id; keyset-paged. */
export async function intakeQueue(db: Db, organisationId: string, pageSize: number, lastPage: string | null) {
  const after = lastPage === null ? null : readCursor(lastPage);
  const { rows } = await sql<QueueRow>`
    select p.id, p.first_name, p.last_name,
      coalesce(pr.high_risk, p.high_risk) as high_risk,
      ${waitingSinceSql} as waiting_since,
      (select count(*) from moments m where m.patient_id = p.id) as moments,
      (select count(*) from moments m where m.patient_id = p.id and m.event_type = 'journal') as journal,
      (select count(*) from moments m where m.patient_id = p.id and m.event_type = 'checkup') as checkups,
      (select count(*) from moments m where m.patient_id = p.id and m.event_type in ('phq9', 'gad7')) as screenings,
      exists (select 1 from chat_sessions s where s.patient_id = p.id and s.status = 'requested') as chat_requested
    from patients p
    left join patient_risk pr on pr.patient_id = p.id
    where p.organisation_id = ${organisationId} and ${waitingSql}`.execute(db);
  const sorted = rows.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
  const rest = after === null ? sorted : sorted.filter((r) => sortKey(r) > after);
  const items = rest.slice(0, pageSize);
  const last = items.at(-1);
  return {
    items: items.map((r) => ({
      patientId: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      highRisk: Boolean(r.high_risk),
      waitingSince: new Date(r.waiting_since).toISOString(),
      logged: {
        moments: Number(r.moments),
        journal: Number(r.journal),
        checkups: Number(r.checkups),
        screenings: Number(r.screenings),
      },
      chatRequested: Boolean(r.chat_requested),
    })),
    lastPage: rest.length > pageSize && last ? Buffer.from(sortKey(last)).toString('base64url') : null,
    total: rows.length,
  };
}

/** Per therapist who may take the organisation's patients: their patients, high-risk ones, open alerts, waiting chat requests. */
export async function therapistLoad(db: Db, organisationId: string) {
  const therapists = await eligibleTherapists(db, organisationId);
  if (therapists.length === 0) return { items: [] };
  const ids = therapists.map((t) => t.id);
  const { rows } = await sql<{
    therapist_id: string;
    patients: number;
    high_risk: number;
    open_alerts: number;
    chat_requests: number;
  }>`
    select t.id as therapist_id,
      (select count(*) from care_team c where c.therapist_id = t.id) as patients,
      (select count(*) from care_team c join patients p on p.id = c.patient_id
         left join patient_risk pr on pr.patient_id = p.id
         where c.therapist_id = t.id and coalesce(pr.high_risk, p.high_risk)) as high_risk,
      (select count(*) from therapist_notifications n
         where n.therapist_id = t.id and n.kind = 'high-risk' and n.acknowledged_at is null) as open_alerts,
      (select count(*) from chat_sessions s
         where s.status = 'requested'
           and (s.therapist_id = t.id
                or exists (select 1 from care_team c where c.patient_id = s.patient_id and c.therapist_id = t.id))) as chat_requests
    from therapists t where t.id in (${sql.join(ids)})`.execute(db);
  const byId = new Map(rows.map((r) => [r.therapist_id, r]));
  return {
    items: therapists.map((t) => {
      const r = byId.get(t.id);
      return {
        therapistId: t.id,
        firstName: t.first_name,
        lastName: t.last_name,
        organisationId: t.organisation_id,
        patients: Number(r?.patients ?? 0),
        highRiskPatients: Number(r?.high_risk ?? 0),
        openAlerts: Number(r?.open_alerts ?? 0),
        waitingChatRequests: Number(r?.chat_requests ?? 0),
      };
    }),
  };
}
