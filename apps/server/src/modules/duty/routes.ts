// The duty rota (tag `duty`): an organisation's administrators read and replace its rota; a
// therapist asks whether they are on duty now. See ./service.ts for who a risk signal reaches.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/index.ts';
import { validationError } from '../../http/errors.ts';
import type { AppDeps, Handlers } from '../../http/types.ts';
import { requireAdminOf } from '../organisations/access.ts';
import { requireSelfTherapist } from '../patients/access.ts';
import {
  dutyOrganisations,
  dutyRecipients,
  eligibleTherapists,
  onDutyNow,
  setDefaultEscalationSeconds,
} from './service.ts';

interface ShiftInput {
  therapistId: string;
  day: number | null;
  startMinute: number;
  endMinute: number;
}

async function rotaView(db: Db, organisationId: string) {
  const [shifts, therapists, now, recipients] = await Promise.all([
    db
      .selectFrom('organisation_duty_shifts')
      .select(['therapist_id', 'day_of_week', 'start_minute', 'end_minute'])
      .where('organisation_id', '=', organisationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    eligibleTherapists(db, organisationId),
    onDutyNow(db, organisationId),
    dutyRecipients(db, organisationId),
  ]);
  const fallback =
    recipients.via === 'none' ? 'administrators' : recipients.via === 'rota' ? 'rota' : 'organisation';
  return {
    organisationId,
    shifts: shifts.map((s) => ({
      therapistId: s.therapist_id,
      day: s.day_of_week,
      startMinute: s.start_minute,
      endMinute: s.end_minute,
    })),
    onDutyNow: now,
    fallback,
    therapists: therapists.map((t) => ({
      therapistId: t.id,
      firstName: t.first_name,
      lastName: t.last_name,
      timezone: t.timezone || null,
      organisationId: t.organisation_id,
    })),
  };
}

export const handlers: Handlers = {
  getDutyRota: async (_req, ctx) => {
    const organisationId = String(ctx.params.organisation);
    await requireAdminOf(ctx, organisationId);
    return rotaView(ctx.db, organisationId);
  },

  replaceDutyRota: async (_req, ctx) => {
    const organisationId = String(ctx.params.organisation);
    await requireAdminOf(ctx, organisationId);
    const { shifts } = ctx.body as { shifts: ShiftInput[] };
    const eligible = new Set((await eligibleTherapists(ctx.db, organisationId)).map((t) => t.id));
    const fields: Record<string, string> = {};
    shifts.forEach((s, i) => {
      if (!eligible.has(s.therapistId))
        fields[`shifts.${i}.therapistId`] = 'is not a therapist of this organisation or one above it';
      if (s.endMinute <= s.startMinute) fields[`shifts.${i}.endMinute`] = 'must be after startMinute';
    });
    if (Object.keys(fields).length > 0)
      throw validationError('Some shifts cannot be saved: see the fields named.', { fields });
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('organisations')
        .select('id')
        .where('id', '=', organisationId)
        .forUpdate()
        .execute();
      await trx
        .deleteFrom('organisation_duty_shifts')
        .where('organisation_id', '=', organisationId)
        .execute();
      const now = Date.now();
      if (shifts.length > 0)
        await trx
          .insertInto('organisation_duty_shifts')
          .values(
            shifts.map((s, i) => ({
              id: randomUUID(),
              organisation_id: organisationId,
              therapist_id: s.therapistId,
              day_of_week: s.day,
              start_minute: s.startMinute,
              end_minute: s.endMinute,
              // Keeps the order given.
              created_at: new Date(now + i),
            })),
          )
          .execute();
    });
    ctx.log.info({ organisationId, shifts: shifts.length }, 'duty rota replaced');
    return rotaView(ctx.db, organisationId);
  },

  /** The organisations the caller stands in for now: on their rota now, or their own when nobody is on duty. */
  getMyDuty: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const duty = await dutyOrganisations(ctx.db, me.id);
    const names = new Map(
      duty.length === 0
        ? []
        : (
            await ctx.db
              .selectFrom('organisations')
              .select(['id', 'name'])
              .where(
                'id',
                'in',
                duty.map((d) => d.organisationId),
              )
              .execute()
          ).map((o) => [o.id, o.name]),
    );
    const organisations = duty.map((d) => ({ ...d, name: names.get(d.organisationId) ?? d.organisationId }));
    return { onDuty: organisations.length > 0, organisations };
  },
};

export async function register(_app: FastifyInstance, deps: AppDeps): Promise<void> {
  setDefaultEscalationSeconds(deps.config.escalationSeconds);
}
