// An organisation's appointment settings (tag `appointments`): slot length, booking horizon, notice period,
// the kinds of session offered and the video meeting link.
//
// INHERITANCE, as the organisation's other settings (../organisations/service.ts, the merge rule): a row of
// appointment_settings holds the organisation's own values, a null column (or no row) meaning it sets none;
// each field resolves on its own to the nearest organisation of the chain (itself, its parent, …) that sets
// it, else the service's default. `inherited` names the fields the organisation does not set itself and
// where their value comes from. A patch sets own values; null in a patch gives a field back to the chain.
// The ETag is the organisation's own row's ("default" without one): a change above it changes what it
// resolves to, not what it saved.
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { json } from '../../db/index.ts';
import type { AppointmentKindValue } from '../../db/tables/appointments.ts';
import { validationError } from '../../http/errors.ts';
import { checkEtag, newEtag } from '../../http/etag.ts';
import type { Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { requireAdminOf } from '../organisations/access.ts';

export const APPOINTMENT_KINDS: AppointmentKindValue[] = ['video', 'phone', 'in-person', 'chat'];

export interface AppointmentRules {
  slotMinutes: number;
  horizonWeeks: number;
  noticeHours: number;
  kinds: AppointmentKindValue[];
  videoLinkTemplate: string | null;
}

export const DEFAULT_RULES: AppointmentRules = {
  slotMinutes: 50,
  horizonWeeks: 4,
  noticeHours: 12,
  kinds: [...APPOINTMENT_KINDS],
  videoLinkTemplate: null,
};
const DEFAULT_ETAG = '"default"';

type Field = keyof AppointmentRules;
const FIELDS: Field[] = ['slotMinutes', 'horizonWeeks', 'noticeHours', 'kinds', 'videoLinkTemplate'];
const COLUMN = {
  slotMinutes: 'slot_minutes',
  horizonWeeks: 'horizon_weeks',
  noticeHours: 'notice_hours',
  kinds: 'kinds',
  videoLinkTemplate: 'video_link_template',
} as const;

/** Where an inherited value comes from: the organisation above that sets it, or null for the default. */
export interface InheritedSetting {
  field: Field;
  organisationId: string | null;
  organisationName: string | null;
}

export interface ResolvedSettings extends AppointmentRules {
  etag: string;
  inherited: InheritedSetting[];
}

interface ChainRow {
  id: string;
  name: string;
  slot_minutes: number | null;
  horizon_weeks: number | null;
  notice_hours: number | null;
  kinds: unknown;
  video_link_template: string | null;
  etag: string | null;
}

/** The organisation and those above it (nearest first), each with its own settings row when it has one. */
async function chainOf(db: Db, organisationId: string): Promise<ChainRow[]> {
  const { rows } = await sql<ChainRow>`
    with recursive chain (id, parent_id, name, depth) as (
      select id, parent_id, name, 0 from organisations where id = ${organisationId}
      union all
      select o.id, o.parent_id, o.name, c.depth + 1 from organisations o
        join chain c on o.id = c.parent_id where c.depth < 32
    )
    select c.id, c.name, s.slot_minutes, s.horizon_weeks, s.notice_hours, s.kinds, s.video_link_template, s.etag
    from chain c left join appointment_settings s on s.organisation_id = c.id
    order by c.depth`.execute(db);
  return rows;
}

/** A stored kinds list in the contract's order (whatever order it was saved in), or null when not set. */
const kindsOf = (value: unknown): AppointmentKindValue[] | null =>
  Array.isArray(value) ? APPOINTMENT_KINDS.filter((k) => (value as string[]).includes(k)) : null;

const ownValue = (row: ChainRow, field: Field) =>
  field === 'kinds' ? kindsOf(row.kinds) : (row[COLUMN[field]] as number | string | null);

/** The organisation's settings resolved along its chain, with its own ETag and what it inherits. */
export async function settingsOf(db: Db, organisationId: string): Promise<ResolvedSettings> {
  const chain = await chainOf(db, organisationId);
  const resolved = { ...DEFAULT_RULES } as Record<Field, unknown>;
  const inherited: InheritedSetting[] = [];
  for (const field of FIELDS) {
    const index = chain.findIndex((row) => ownValue(row, field) !== null);
    if (index >= 0) resolved[field] = ownValue(chain[index]!, field);
    if (index !== 0)
      inherited.push({
        field,
        organisationId: index > 0 ? chain[index]!.id : null,
        organisationName: index > 0 ? chain[index]!.name : null,
      });
  }
  return {
    ...(resolved as unknown as AppointmentRules),
    etag: chain[0]?.etag ?? DEFAULT_ETAG,
    inherited,
  };
}

/** The organisation's rules (its own values, else its chain's, else the defaults). */
export async function rulesOf(db: Db, organisationId: string): Promise<AppointmentRules & { etag: string }> {
  const { inherited: _inherited, ...rules } = await settingsOf(db, organisationId);
  return rules;
}

/** The link of a video appointment, or null (no template, or another kind). */
export function videoLinkFor(rules: AppointmentRules, kind: string, appointmentId: string): string | null {
  if (kind !== 'video' || !rules.videoLinkTemplate) return null;
  return rules.videoLinkTemplate.split('{appointmentId}').join(encodeURIComponent(appointmentId));
}

/** Absent: unchanged; null: no own value (inherited); a value: the organisation's own. */
type Patch = { [F in Field]?: AppointmentRules[F] | null };

export const settingsHandlers: Handlers = {
  getOrganisationAppointmentSettings: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    const settings = await settingsOf(ctx.db, id);
    return respond(200, settings, { etag: settings.etag });
  },

  updateOrganisationAppointmentSettings: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    const patch = ctx.body as Patch;
    if (Array.isArray(patch.kinds) && patch.kinds.length === 0)
      throw validationError('Offer at least one kind of session.', { fields: { kinds: 'is empty' } });
    const settings = await ctx.db.transaction().execute(async (trx) => {
      // An empty row (every value inherited, its ETag the defaults' one), so the row can be locked for the check.
      await trx
        .insertInto('appointment_settings')
        .values({ organisation_id: id, etag: DEFAULT_ETAG })
        .onConflict((oc) => oc.column('organisation_id').doNothing())
        .execute();
      await trx
        .selectFrom('appointment_settings')
        .select('organisation_id')
        .where('organisation_id', '=', id)
        .forUpdate()
        .execute();
      const current = await settingsOf(trx, id);
      checkEtag(ctx.headers, current.etag, current);
      const set: Record<string, unknown> = { etag: newEtag(), updated_at: new Date() };
      for (const field of FIELDS) {
        if (!(field in patch)) continue;
        const value = patch[field];
        set[COLUMN[field]] = field === 'kinds' && value !== null ? json(value) : (value ?? null);
      }
      await trx.updateTable('appointment_settings').set(set).where('organisation_id', '=', id).execute();
      return settingsOf(trx, id);
    });
    return respond(200, settings, { etag: settings.etag });
  },
};
