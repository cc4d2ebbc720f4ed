// An organisation's appointment settings (tag `appointments`): slot length, booking horizon, notice period,
// the kinds of session offered and the video meeting link. No row: the defaults, with the ETag "default".
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

/** The organisation's rules and their ETag (the defaults when it never saved any). */
export async function rulesOf(db: Db, organisationId: string): Promise<AppointmentRules & { etag: string }> {
  const row = await db
    .selectFrom('appointment_settings')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_RULES, etag: DEFAULT_ETAG };
  return {
    slotMinutes: row.slot_minutes,
    horizonWeeks: row.horizon_weeks,
    noticeHours: row.notice_hours,
    // In the contract's order, whatever order they were saved in.
    kinds: APPOINTMENT_KINDS.filter((k) => (row.kinds as string[]).includes(k)),
    videoLinkTemplate: row.video_link_template,
    etag: row.etag,
  };
}

/** The link of a video appointment, or null (no template, or another kind). */
export function videoLinkFor(rules: AppointmentRules, kind: string, appointmentId: string): string | null {
  if (kind !== 'video' || !rules.videoLinkTemplate) return null;
  return rules.videoLinkTemplate.split('{appointmentId}').join(encodeURIComponent(appointmentId));
}

type Patch = Partial<AppointmentRules>;

export const settingsHandlers: Handlers = {
  getOrganisationAppointmentSettings: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    const settings = await rulesOf(ctx.db, id);
    return respond(200, settings, { etag: settings.etag });
  },

  updateOrganisationAppointmentSettings: async (_req, ctx) => {
    const id = String(ctx.params.organisation);
    await requireAdminOf(ctx, id);
    const patch = ctx.body as Patch;
    if (patch.kinds !== undefined && patch.kinds.length === 0)
      throw validationError('Offer at least one kind of session.', { fields: { kinds: 'is empty' } });
    const settings = await ctx.db.transaction().execute(async (trx) => {
      // The defaults as a row (its ETag the defaults' one), so the row can be locked for the check.
      await trx
        .insertInto('appointment_settings')
        .values({ organisation_id: id, etag: DEFAULT_ETAG, kinds: json(DEFAULT_RULES.kinds) })
        .onConflict((oc) => oc.column('organisation_id').doNothing())
        .execute();
      await trx
        .selectFrom('appointment_settings')
        .select('organisation_id')
        .where('organisation_id', '=', id)
        .forUpdate()
        .execute();
      const current = await rulesOf(trx, id);
      checkEtag(ctx.headers, current.etag, current);
      const next = { ...current, ...patch };
      const etag = newEtag();
      await trx
        .updateTable('appointment_settings')
        .set({
          slot_minutes: next.slotMinutes,
          horizon_weeks: next.horizonWeeks,
          notice_hours: next.noticeHours,
          kinds: json(next.kinds),
          video_link_template: next.videoLinkTemplate,
          etag,
          updated_at: new Date(),
        })
        .where('organisation_id', '=', id)
        .execute();
      return rulesOf(trx, id);
    });
    return respond(200, settings, { etag: settings.etag });
  },
};
