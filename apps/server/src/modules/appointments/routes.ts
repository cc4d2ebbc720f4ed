// Tag `appointments`: free slots, booking, the caller's appointments, moving and cancelling (./service.ts;
// how one reads: ./reading.ts), an organisation's appointment settings (./settings.ts), the e-mails with
// their calendar files (./calendar.ts) and the reminder job (./reminders.ts, run by the server's job queue).
import { isId, keysetOf, writeKeyset } from '../../http/keyset.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { respond } from '../../http/types.ts';
import { caller, hasScope, requireSelfPatient, requireSelfTherapist } from '../patients/access.ts';
import { mailBoth, type AppointmentMail } from './calendar.ts';
import {
  appointmentOf,
  appointmentView,
  appointmentsQuery,
  careTeamOf,
  ownAppointment,
  patientWindow,
  type AppointmentRow,
} from './reading.ts';
import { noticeHandlers } from './notices.ts';
import { book, cancel, move } from './service.ts';
import { rulesOf, settingsHandlers } from './settings.ts';
import { DAY, freeSlots, slotJson, zoneOf } from './slots.ts';

/** The longest span one request for free slots covers. */
const MAX_SPAN = 26 * 7 * DAY;

/** The booking rules as the free-slot answers show them. */
const rulesJson = (rules: Awaited<ReturnType<typeof rulesOf>>) => ({
  slotMinutes: rules.slotMinutes,
  horizonWeeks: rules.horizonWeeks,
  noticeHours: rules.noticeHours,
  kinds: rules.kinds,
});

function timeParam(ctx: HandlerContext, name: 'from' | 'to'): number | undefined {
  const value = ctx.query[name];
  if (value === undefined) return undefined;
  const ms = Date.parse(String(value));
  if (!Number.isFinite(ms))
    throw badRequest(`${name} is not a date and time.`, { fields: { [name]: 'is not a date-time' } });
  return ms;
}

/** Mails after the change committed: a failed e-mail never undoes a booking (it is logged). */
async function mail(ctx: HandlerContext, appointmentId: string, what: AppointmentMail) {
  try {
    await mailBoth(ctx.db, ctx.mailer, appointmentId, what);
  } catch (error) {
    ctx.log.error({ err: error, appointmentId }, `appointment ${what} e-mail failed`);
  }
}

async function viewOf(ctx: HandlerContext, id: string) {
  return appointmentView((await appointmentOf(ctx.db, id)) as AppointmentRow);
}

interface Cursor {
  s: string;
  i: string;
}
const readCursor = (v: unknown): Cursor | undefined => {
  const c = v as Partial<Cursor> | null;
  return c && typeof c.s === 'string' && Number.isFinite(Date.parse(c.s)) && isId(c.i)
    ? { s: c.s, i: c.i }
    : undefined;
};

export const handlers: Handlers = {
  ...settingsHandlers,
  ...noticeHandlers,

  listAppointmentSlots: async (_req, ctx) => {
    const user = caller(ctx);
    const wanted = ctx.query.therapistId === undefined ? undefined : String(ctx.query.therapistId);
    const now = Date.now();
    const askedFrom = timeParam(ctx, 'from');
    const askedTo = timeParam(ctx, 'to');
    if (hasScope(user, 'patient')) {
      const patient = await requireSelfPatient(ctx);
      const rules = await rulesOf(ctx.db, patient.organisation_id);
      let team = await careTeamOf(ctx.db, patient.id);
      if (wanted !== undefined) {
        team = team.filter((t) => t.id === wanted);
        if (team.length === 0) throw forbidden('You can see the times only of therapists of your care team.');
      }
      const window = patientWindow(rules, now);
      const from = Math.max(window.from, askedFrom ?? window.from);
      const to = Math.min(window.to, askedTo ?? window.to);
      const slots = await freeSlots(ctx.db, team, {
        slotMinutes: rules.slotMinutes,
        from,
        to,
        patientId: patient.id,
      });
      return {
        rules: rulesJson(rules),
        therapists: team.map((t) => ({
          therapistId: t.id,
          name: `${t.first_name} ${t.last_name}`,
          timezone: t.timezone,
        })),
        slots: slots.map(slotJson),
      };
    }
    const me = await requireSelfTherapist(ctx);
    if (wanted !== undefined && wanted !== me.id) throw forbidden('You can see only your own free times.');
    const rules = await rulesOf(ctx.db, me.organisation_id);
    const from = Math.max(now, askedFrom ?? now);
    const to = Math.min(from + MAX_SPAN, askedTo ?? now + rules.horizonWeeks * 7 * DAY);
    const therapist = { id: me.id, timezone: zoneOf(me) };
    const slots = await freeSlots(ctx.db, [therapist], { slotMinutes: rules.slotMinutes, from, to });
    return {
      rules: rulesJson(rules),
      therapists: [
        { therapistId: me.id, name: `${me.first_name} ${me.last_name}`, timezone: therapist.timezone },
      ],
      slots: slots.map(slotJson),
    };
  },

  listAppointments: async (_req, ctx) => {
    const user = caller(ctx);
    const limit = Number(ctx.query.limit ?? 20);
    const status = String(ctx.query.status ?? 'booked');
    const from = timeParam(ctx, 'from') ?? Date.now();
    const to = timeParam(ctx, 'to');
    const cursor = keysetOf(ctx.query, readCursor);
    let q = appointmentsQuery(ctx.db);
    if (hasScope(user, 'patient')) {
      if (ctx.query.patientId !== undefined)
        throw badRequest('patientId is for therapists.', {
          fields: { patientId: 'is not allowed for patients' },
        });
      const patient = await requireSelfPatient(ctx);
      q = q.where('a.patient_id', '=', patient.id);
    } else {
      const me = await requireSelfTherapist(ctx);
      q = q.where('a.therapist_id', '=', me.id);
      if (ctx.query.patientId !== undefined) q = q.where('a.patient_id', '=', String(ctx.query.patientId));
    }
    if (status !== 'all') q = q.where('a.status', '=', status as 'booked' | 'cancelled');
    q = q.where('a.ends_at', '>', new Date(from));
    if (to !== undefined) q = q.where('a.starts_at', '<', new Date(to));
    if (cursor)
      q = q.where((eb) =>
        eb.or([
          eb('a.starts_at', '>', new Date(cursor.s)),
          eb.and([eb('a.starts_at', '=', new Date(cursor.s)), eb('a.id', '>', cursor.i)]),
        ]),
      );
    const rows = (await q
      .orderBy('a.starts_at')
      .orderBy('a.id')
      .limit(limit + 1)
      .execute()) as AppointmentRow[];
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => appointmentView(r)),
      paginationCursor:
        rows.length > limit && last
          ? writeKeyset({ s: new Date(last.starts_at).toISOString(), i: last.id })
          : null,
    };
  },

  bookAppointment: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const id = await book(
      ctx,
      patient,
      ctx.body as { therapistId: string; start: string; kind: string; note?: string },
    );
    await mail(ctx, id, 'booked');
    return respond(201, await viewOf(ctx, id));
  },

  getAppointment: async (_req, ctx) => appointmentView((await ownAppointment(ctx)).row),

  moveAppointment: async (_req, ctx) => {
    const found = await ownAppointment(ctx);
    await move(ctx, found, ctx.body as { start: string; reason?: string });
    await mail(ctx, found.row.id, 'moved');
    return viewOf(ctx, found.row.id);
  },

  cancelAppointment: async (_req, ctx) => {
    const found = await ownAppointment(ctx);
    await cancel(ctx, found, (ctx.body as { reason: string }).reason);
    await mail(ctx, found.row.id, 'cancelled');
    return viewOf(ctx, found.row.id);
  },
};
