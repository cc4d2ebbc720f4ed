// The signed-in therapist's caseload, profile, timezone and availability (tag `therapist`, care-team
// operations; the chat operations of this tag live in ../therapist-chat).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { HttpError, forbidden, notFound, validationError } from '../../http/errors.ts';
import type { HandlerContext, Handlers, RateLimit } from '../../http/types.ts';
import { envLimit } from '../../http/rate-limits.ts';
import { respond } from '../../http/types.ts';
import {
  adminOrganisationIds,
  assertAssignedTherapist,
  caller,
  findTherapist,
  hasScope,
  requireSelfTherapist,
  type TherapistRow,
} from '../patients/access.ts';
import { riskSummaries, riskSummary, setRisk } from '../patients/risk.ts';
import { patientIdForAccessCode } from '../patients/service.ts';
import { organisationTree, withDescendants } from '../organisations/access.ts';
import { unreadCounts } from '../chats/service.ts';
import { slotOccurrences } from '@tend/domain/therapist-profile/model';
import { alertNewCareTeamMember } from '../duty/service.ts';

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
    .returning([
      'id',
      'organisation_id',
      'email',
      'first_name',
      'last_name',
      'biography',
      'timezone',
      'created_at',
    ])
    .executeTakeFirstOrThrow()) as TherapistRow;
  return row;
}

// ── availability ──
interface SlotInput {
  dayOfWeek: number;
  start: string;
  end: string;
}

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};
const hhmm = (min: number) =>
  `${String(Math.floor(min / 60)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;

function slotRange(s: SlotInput) {
  const start = minutes(s.start);
  const end = minutes(s.end);
  if (end <= start)
    throw validationError('A slot must end after it starts.', { fields: { end: 'must be after start' } });
  return { start, end };
}

const toSlot = (r: { id: string; day_of_week: number; start_minute: number; end_minute: number }) => ({
  id: r.id,
  dayOfWeek: r.day_of_week,
  start: hhmm(r.start_minute),
  end: hhmm(r.end_minute),
});

/** Refuses a slot overlapping another of the therapist's slots on the same day (409 `overlap`). Call in a transaction. */
async function assertNoOverlap(
  db: Db,
  therapistId: string,
  day: number,
  range: { start: number; end: number },
  exceptId?: string,
) {
  // Lock the therapist's row so two concurrent changes cannot both pass the check.
  await db.selectFrom('therapists').select('id').where('id', '=', therapistId).forUpdate().execute();
  let q = db
    .selectFrom('therapist_availability')
    .select(['id', 'day_of_week', 'start_minute', 'end_minute'])
    .where('therapist_id', '=', therapistId)
    .where('day_of_week', '=', day)
    .where('start_minute', '<', range.end)
    .where('end_minute', '>', range.start);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const clash = await q.executeTakeFirst();
  if (clash) {
    throw new HttpError(
      409,
      'overlap',
      `This slot overlaps your slot ${hhmm(clash.start_minute)}–${hhmm(clash.end_minute)} on the same day.`,
      { conflictingSlot: toSlot(clash) },
    );
  }
}

async function slots(db: Db, therapistId: string) {
  const rows = await db
    .selectFrom('therapist_availability')
    .select(['id', 'day_of_week', 'start_minute', 'end_minute'])
    .where('therapist_id', '=', therapistId)
    .orderBy('day_of_week')
    .orderBy('start_minute')
    .orderBy('id')
    .execute();
  return rows.map(toSlot);
}

/** Per patient, the messages of the caller's chats with them (not left) that the caller has not read. */
async function unreadByPatient(
  db: Db,
  therapistId: string,
  patientIds: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (patientIds.length === 0) return out;
  const sessions = await db
    .selectFrom('chat_participants as p')
    .innerJoin('chat_sessions as s', 's.id', 'p.session_id')
    .select(['s.id', 's.patient_id'])
    .where('p.user_id', '=', therapistId)
    .where('p.left_at', 'is', null)
    .where('s.patient_id', 'in', patientIds)
    .execute();
  const counts = await unreadCounts(
    db,
    therapistId,
    sessions.map((s) => s.id),
  );
  for (const s of sessions) out.set(s.patient_id, (out.get(s.patient_id) ?? 0) + (counts[s.id] ?? 0));
  return out;
}

export const handlers: Handlers = {
  /** A patient's access code (getAccessCode) adds the caller to their care team; lead when there is none. */
  redeemPatientAccessCode: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const code = String((ctx.body as { accessCode: string }).accessCode);
    const unknown = () =>
      new HttpError(
        404,
        'invalid_access_code',
        'This access code is not known or has expired: ask the patient for the code the app shows now.',
      );
    const patientId = await patientIdForAccessCode(ctx.db, code);
    if (!patientId) throw unknown();
    return ctx.db.transaction().execute(async (trx) => {
      const patient = await trx
        .selectFrom('patients')
        .select(['id', 'organisation_id', 'first_name', 'last_name'])
        .where('id', '=', patientId)
        .forUpdate()
        .executeTakeFirst();
      // Only within the therapist's organisation and its children; elsewhere the code is "not known".
      const reach = withDescendants(await organisationTree(trx as unknown as Db), [me.organisation_id]);
      if (!patient || !reach.has(patient.organisation_id)) throw unknown();
      const team = await trx
        .selectFrom('care_team')
        .select(['therapist_id', 'role'])
        .where('patient_id', '=', patientId)
        .execute();
      const mine = team.find((t) => t.therapist_id === me.id);
      let role = mine?.role;
      if (!role) {
        role = team.some((t) => t.role === 'lead') ? 'invited' : 'lead';
        await trx
          .insertInto('care_team')
          .values({ patient_id: patientId, therapist_id: me.id, role, created_at: new Date() })
          .execute();
        // Open risk follows the patient: any open, unacknowledged risk shows to them at once as an alert.
        await alertNewCareTeamMember(trx, patientId, me.id);
        ctx.log.info({ therapistId: me.id, patientId, role }, 'therapist took on a patient by access code');
      }
      return {
        patientId,
        firstName: patient.first_name,
        lastName: patient.last_name,
        isLead: role === 'lead',
      };
    });
  },

  /** High-risk first, then by the patient's latest activity (most recent first), then by name; searched and filtered. */
  listAssignedPatients: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const skip = Number(ctx.query.skip ?? 0);
    const limit = Number(ctx.query.limit ?? 20);
    const highRisk = sql<boolean>`coalesce(patient_risk.high_risk, patients.high_risk)`;
    const shared = sql<boolean>`exists (select 1 from data_sharing_consents c where c.patient_id = patients.id and c.therapist_id = ${me.id} and c.revoked_at is null)`;
    let base = ctx.db
      .selectFrom('care_team')
      .innerJoin('patients', 'patients.id', 'care_team.patient_id')
      .leftJoin('patient_risk', 'patient_risk.patient_id', 'patients.id')
      .leftJoin('users', 'users.id', 'patients.id')
      .where('care_team.therapist_id', '=', me.id);
    const search = typeof ctx.query.search === 'string' ? ctx.query.search.trim() : '';
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where(
        sql<boolean>`((patients.first_name || ' ' || patients.last_name) ilike ${pattern} or coalesce(users.screen_name, '') ilike ${pattern} or patients.email ilike ${pattern})`,
      );
    }
    if (ctx.query.highRisk !== undefined) base = base.where(highRisk, '=', Boolean(ctx.query.highRisk));
    if (ctx.query.sharedData !== undefined) base = base.where(shared, '=', Boolean(ctx.query.sharedData));
    if (ctx.query.lead !== undefined)
      base = ctx.query.lead
        ? base.where('care_team.role', '=', 'lead')
        : base.where('care_team.role', '<>', 'lead');
    const [rows, count] = await Promise.all([
      base
        .select([
          'patients.id',
          'patients.first_name',
          'patients.last_name',
          'patients.email',
          'users.screen_name',
          'care_team.role',
          'care_team.created_at as assigned_at',
          highRisk.as('high_risk'),
          'patients.last_activity_at as last_activity',
        ])
        .orderBy(highRisk, 'desc')
        .orderBy(sql`patients.last_activity_at desc nulls last`)
        .orderBy('patients.last_name')
        .orderBy('patients.first_name')
        .orderBy('patients.id')
        .offset(skip)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const ids = rows.map((r) => r.id);
    const [risks, unread, sharing] = await Promise.all([
      riskSummaries(ctx.db, ids),
      unreadByPatient(ctx.db, me.id, ids),
      ids.length
        ? ctx.db
            .selectFrom('data_sharing_consents')
            .select('patient_id')
            .where('therapist_id', '=', me.id)
            .where('patient_id', 'in', ids)
            .where('revoked_at', 'is', null)
            .execute()
        : [],
    ]);
    const sharedWithMe = new Set(sharing.map((c) => c.patient_id));
    return {
      items: rows.map((r) => ({
        patientId: r.id,
        firstName: r.first_name,
        lastName: r.last_name,
        screenName: r.screen_name ?? null,
        email: r.email,
        risk: risks.get(r.id)!,
        lastActivityAt: r.last_activity ? new Date(r.last_activity).toISOString() : null,
        isLead: r.role === 'lead',
        assignedAt: new Date(r.assigned_at).toISOString(),
        sharedData: sharedWithMe.has(r.id),
        unreadMessages: unread.get(r.id) ?? 0,
      })),
      skip,
      limit,
      total: Number(count.n),
    };
  },

  /** The caller leaves the patient's care team; moments stay. A departing lead hands lead to the longest-assigned other therapist. */
  dischargePatient: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId, role } = await assertAssignedTherapist(ctx, patientId);
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('care_team')
        .where('patient_id', '=', patientId)
        .where('therapist_id', '=', therapistId)
        .execute();
      // The data sharing ends with the care; the consent record stays, marked as ended.
      await trx
        .updateTable('data_sharing_consents')
        .set({ revoked_at: new Date() })
        .where('patient_id', '=', patientId)
        .where('therapist_id', '=', therapistId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .insertInto('care_events')
        .values({
          id: randomUUID(),
          patient_id: patientId,
          therapist_id: therapistId,
          event: 'discharged',
          actor_id: therapistId,
        })
        .execute();
      if (role === 'lead') {
        const next = await trx
          .selectFrom('care_team')
          .select('therapist_id')
          .where('patient_id', '=', patientId)
          .orderBy('created_at')
          .orderBy('therapist_id')
          .executeTakeFirst();
        if (next) {
          await trx
            .updateTable('care_team')
            .set({ role: 'lead' })
            .where('patient_id', '=', patientId)
            .where('therapist_id', '=', next.therapist_id)
            .execute();
          await trx
            .insertInto('care_events')
            .values({
              id: randomUUID(),
              patient_id: patientId,
              therapist_id: next.therapist_id,
              event: 'lead-transferred',
              actor_id: therapistId,
            })
            .execute();
        }
      }
    });
    return respond(204);
  },

  setPatientHighRisk: async (_req, ctx) => {
    const patientId = String(ctx.params.patientId);
    const { therapistId } = await assertAssignedTherapist(ctx, patientId);
    const body = ctx.body as { highRisk: boolean; reason?: string };
    const reason = body.reason?.trim() ? body.reason.trim() : null;
    await ctx.db.transaction().execute((trx) =>
      setRisk(trx, patientId, {
        highRisk: body.highRisk,
        reason,
        source: 'therapist',
        actorId: therapistId,
      }),
    );
    return { patientId, risk: await riskSummary(ctx.db, patientId) };
  },

  getMyTherapistDetails: async (_req, ctx) => details(await requireSelfTherapist(ctx)),

  isLeadTherapist: async (_req, ctx) => {
    const { role } = await assertAssignedTherapist(ctx, String(ctx.params.patientId));
    return { isLead: role === 'lead' };
  },

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
    const row = await updateProfile(ctx, { timezone });
    return { timezone: row.timezone };
  },

  getTimezones: () => ({ timezones: timezones() }),

  listMyAvailability: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    return { timezone: me.timezone || null, slots: await slots(ctx.db, me.id) };
  },

  createAvailabilitySlot: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const input = ctx.body as SlotInput;
    const range = slotRange(input);
    const row = await ctx.db.transaction().execute(async (trx) => {
      await assertNoOverlap(trx, me.id, input.dayOfWeek, range);
      return trx
        .insertInto('therapist_availability')
        .values({
          id: randomUUID(),
          therapist_id: me.id,
          day_of_week: input.dayOfWeek,
          start_minute: range.start,
          end_minute: range.end,
        })
        .returning(['id', 'day_of_week', 'start_minute', 'end_minute'])
        .executeTakeFirstOrThrow();
    });
    return respond(201, toSlot(row));
  },

  updateAvailabilitySlot: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const input = ctx.body as SlotInput & { id: string };
    const range = slotRange(input);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('therapist_availability')
        .select('id')
        .where('id', '=', input.id)
        .where('therapist_id', '=', me.id)
        .executeTakeFirst();
      if (!existing) throw notFound('You have no such availability slot.');
      await assertNoOverlap(trx, me.id, input.dayOfWeek, range, input.id);
      return trx
        .updateTable('therapist_availability')
        .set({
          day_of_week: input.dayOfWeek,
          start_minute: range.start,
          end_minute: range.end,
          updated_at: new Date(),
        })
        .where('id', '=', input.id)
        .returning(['id', 'day_of_week', 'start_minute', 'end_minute'])
        .executeTakeFirstOrThrow();
    });
    return toSlot(row);
  },

  deleteAvailabilitySlot: async (_req, ctx) => {
    const me = await requireSelfTherapist(ctx);
    const result = await ctx.db
      .deleteFrom('therapist_availability')
      .where('id', '=', String(ctx.query.slotId))
      .where('therapist_id', '=', me.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('You have no such availability slot.');
    return respond(204);
  },

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
      therapistId: therapist.id,
      firstName: therapist.first_name,
      lastName: therapist.last_name,
      biography: therapist.biography === '' ? null : therapist.biography,
      timezone: therapist.timezone || null,
      availability,
      occurrences: slotOccurrences(availability, zone, from, from + days * DAY),
    };
  },
};

/** Access codes are short: limited per client IP so they cannot be guessed in bulk. */
export const rateLimits: Record<string, RateLimit> = {
  redeemPatientAccessCode: envLimit({ max: 20, timeWindow: 15 * 60_000 }),
};
