// The therapist's profile (tag `therapist`): their details, name, biography and timezone, and the
// profile others see (with their availability and its next occurrences).
import { forbidden, validationError } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import {
  adminOrganisationIds,
  caller,
  findTherapist,
  hasScope,
  requireSelfTherapist,
  THERAPIST_COLUMNS,
  type TherapistRow,
} from '../patients/access.ts';
import { slotOccurrences } from '@tend/domain/therapist-profile/model';
import { therapistIdentity } from '../patients/service.ts';
import { slots } from './availability.ts';
import { assertAppointmentsKept } from '../appointments/availability-guard.ts';

const DAY = 86_400_000;

/** Every IANA timezone name the runtime knows (plus UTC), sorted. */
let zones: string[] | undefined;
export function timezones(): string[] {
  if (!zones) zones = [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return zones;
}

function details(t: TherapistRow) {
  return {
    therapistId: t.id,
    email: t.email,
    firstName: t.first_name,
    lastName: t.last_name,
    biography: t.biography === '' ? null : t.biography,
    timezone: t.timezone || null,
    organisationIds: [t.organisation_id],
  };
}

async function updateProfile(
  ctx: HandlerContext,
  values: Partial<Pick<TherapistRow, 'first_name' | 'last_name' | 'biography' | 'timezone'>>,
) {
  const me = await requireSelfTherapist(ctx);
  const row = (await ctx.db
    .updateTable('therapists')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', me.id)
    .returning(THERAPIST_COLUMNS)
    .executeTakeFirstOrThrow()) as TherapistRow;
  return row;
}

export const profileHandlers: Handlers = {
  getMyTherapistDetails: async (_req, ctx) => details(await requireSelfTherapist(ctx)),

  updateBiography: async (_req, ctx) => {
    const biography = String((ctx.body as { biography: string }).biography).trim();
    return details(await updateProfile(ctx, { biography }));
  },

  updateTherapistName: async (_req, ctx) => {
    const body = ctx.body as { firstName: string; lastName: string };
    const firstName = body.firstName.trim();
    const lastName = body.lastName.trim();
    const fields: Record<string, string> = {};
    if (!firstName) fields.firstName = "can't be blank";
    if (!lastName) fields.lastName = "can't be blank";
    if (Object.keys(fields).length > 0)
      throw validationError('Your first and last name are needed.', { fields });
    return details(await updateProfile(ctx, { first_name: firstName, last_name: lastName }));
  },

  getMyTimezone: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    return { timezone: me.timezone };
  },

  updateMyTimezone: async (_req, ctx) => {
    const timezone = String((ctx.body as { timezone: string }).timezone);
    if (!timezones().includes(timezone))
      throw validationError(`${timezone} is not a known timezone.`, {
        fields: { timezone: 'is not an IANA timezone name' },
      });
    const me = await requireSelfTherapist(ctx);
    const row = await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('therapists').select('id').where('id', '=', me.id).forUpdate().execute();
      const weekly = await slots(trx, me.id);
      await assertAppointmentsKept(
        trx,
        me.id,
        { slots: weekly, zone: me.timezone || 'UTC' },
        { slots: weekly, zone: timezone },
      );
      return trx
        .updateTable('therapists')
        .set({ timezone, updated_at: new Date() })
        .where('id', '=', me.id)
        .returning('timezone')
        .executeTakeFirstOrThrow();
    });
    return { timezone: row.timezone };
  },

  getTimezones: () => ({ timezones: timezones() }),

  /**
   * A therapist's public profile: for the therapist themself, their patients, therapists of the same
   * organisation, and administrators of that organisation (403 for anyone else, whether or not the
   * therapist exists).
   */
  getTherapistProfile: async (_req, ctx) => {
    const user = caller(ctx);
    const therapist = await findTherapist(ctx.db, String(ctx.params.therapist));
    let allowed = false;
    if (therapist) {
      if (user.uid === therapist.id) allowed = true;
      if (!allowed && hasScope(user, 'patient')) {
        const row = await ctx.db
          .selectFrom('care_team')
          .select('role')
          .where('patient_id', '=', user.uid)
          .where('therapist_id', '=', therapist.id)
          .executeTakeFirst();
        allowed = row !== undefined;
      }
      if (!allowed && hasScope(user, 'therapist')) {
        const colleague = await findTherapist(ctx.db, user.uid);
        allowed = colleague?.organisation_id === therapist.organisation_id;
      }
      if (!allowed && hasScope(user, 'org-admin'))
        allowed = (await adminOrganisationIds(ctx.db, user)).includes(therapist.organisation_id);
    }
    if (!therapist || !allowed)
      throw forbidden('You may only see therapists of your care team or organisation.');
    const availability = await slots(ctx.db, therapist.id);
    const zone = therapist.timezone || 'UTC';
    const from = ctx.query.from === undefined ? Date.now() : Number(ctx.query.from);
    const days = Number(ctx.query.days ?? 14);
    return {
      ...therapistIdentity(therapist),
      availability,
      occurrences: slotOccurrences(availability, zone, from, from + days * DAY),
    };
  },
};
