// The signed-in patient's care team, access code, score notifications and graph (tag `patient`).
// Every handler works on the caller's own record (requireSelfPatient).
import { sql } from 'kysely';
import { validationError } from '../../http/errors.ts';
import type { Db } from '../../db/index.ts';
import type { Handlers, RateLimit } from '../../http/types.ts';
import { envLimit } from '../../http/rate-limits.ts';
import { principal } from '../../auth/context.ts';
import { assertRecentlyAuthenticated } from '../../auth/service.ts';
import { buildMyDataExport, logExport } from './my-data.ts';
import { requireSelfPatient } from '../patients/access.ts';
import {
  GAD7_SEVERE,
  PHQ9_SEVERE,
  gad7Severity,
  notifyCareTeam,
  phq9Severity,
  riskSummary,
  setRisk,
} from '../patients/risk.ts';
import { freeAccessCode } from '../organisations/membership.ts';
import { careTeam, graph } from '../patients/service.ts';
import { patientSafetyNet, setSafetyPlanSharing } from './safety-net.ts';

export const ACCESS_CODE_TTL_MS = 24 * 3_600_000;
const ACCESS_CODE_LENGTH = 8;

/** The patient's access code: the current one while valid (unless `renew`), else a new one replacing it. */
async function accessCode(
  db: Db,
  patientId: string,
  renew: boolean,
): Promise<{ code: string; expiresAt: string }> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('patient_access_codes')
      .selectAll()
      .where('patient_id', '=', patientId)
      .forUpdate()
      .executeTakeFirst();
    if (!renew && current && new Date(current.expires_at).getTime() > Date.now()) {
      return { code: current.code, expiresAt: new Date(current.expires_at).toISOString() };
    }
    const expiresAt = new Date(Date.now() + ACCESS_CODE_TTL_MS);
    const code = await freeAccessCode(
      ACCESS_CODE_LENGTH,
      5,
      async (code) =>
        (await trx
          .selectFrom('patient_access_codes')
          .select('patient_id')
          .where('code', '=', code)
          .executeTakeFirst()) !== undefined,
      'could not find a free access code',
    );
    await trx
      .insertInto('patient_access_codes')
      .values({ patient_id: patientId, code, expires_at: expiresAt, created_at: new Date() })
      .onConflict((oc) =>
        oc.column('patient_id').doUpdateSet({ code, expires_at: expiresAt, created_at: new Date() }),
      )
      .execute();
    return { code, expiresAt: expiresAt.toISOString() };
  });
}

/** Whether a result of this type and total, stored in the last day, already raised its risk event. */
async function storedResultFlagged(db: Db, patientId: string, type: 'phq9' | 'gad7', total: number) {
  const row = await db
    .selectFrom('moments as m')
    .innerJoin('risk_events as e', (join) =>
      join
        .onRef('e.patient_id', '=', 'm.patient_id')
        .on(sql<boolean>`e.questionnaire_key = 'screening:' || m.id`),
    )
    .select('m.id')
    .where('m.patient_id', '=', patientId)
    .where('m.event_type', '=', type)
    .where(sql<boolean>`(m.body->>'total')::int = ${total}`)
    .where('m.updated_at', '>', new Date(Date.now() - 24 * 3600_000))
    .executeTakeFirst();
  return Boolean(row);
}

export const handlers: Handlers = {
  listMyTherapists: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    return { items: await careTeam(ctx.db, patient.id) };
  },

  /** Who sees what the patient shares, how soon, and whether the care team may read the safety plan. */
  getPatientSafetyNet: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    return patientSafetyNet(ctx.db, patient);
  },

  updateSafetyPlanSharing: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const { shared } = ctx.body as { shared: boolean };
    await setSafetyPlanSharing(ctx.db, patient.id, shared);
    return patientSafetyNet(ctx.db, patient);
  },

  /** The current code while it is valid; otherwise a new one, which replaces the old. */
  getAccessCode: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    return accessCode(ctx.db, patient.id, false);
  },

  /** A new code at once: the old one stops working. */
  renewAccessCode: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    return accessCode(ctx.db, patient.id, true);
  },

  notifyScores: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const phqScore = ctx.query.phqScore === undefined ? undefined : Number(ctx.query.phqScore);
    const gadScore = ctx.query.gadScore === undefined ? undefined : Number(ctx.query.gadScore);
    if (phqScore === undefined && gadScore === undefined) {
      throw validationError('Send a PHQ-9 score, a GAD-7 score or both.', {
        fields: { phqScore: 'give phqScore or gadScore' },
      });
    }
    return ctx.db.transaction().execute(async (trx) => {
      const payload: Record<string, unknown> = {};
      if (phqScore !== undefined) payload.phq9 = { total: phqScore, severity: phq9Severity(phqScore) };
      if (gadScore !== undefined) payload.gad7 = { total: gadScore, severity: gad7Severity(gadScore) };
      const notifiedTherapists = await notifyCareTeam(trx, patient.id, 'scores', payload);
      const reasons: string[] = [];
      // A score the patient's stored result (of the last day) already flagged raises nothing more: one
      // questionnaire is one risk event (the app stores the result, then notifies its score).
      if (
        phqScore !== undefined &&
        phqScore >= PHQ9_SEVERE &&
        !(await storedResultFlagged(trx, patient.id, 'phq9', phqScore))
      )
        reasons.push(`PHQ-9 total ${phqScore} (severe).`);
      if (
        gadScore !== undefined &&
        gadScore >= GAD7_SEVERE &&
        !(await storedResultFlagged(trx, patient.id, 'gad7', gadScore))
      )
        reasons.push(`GAD-7 total ${gadScore} (severe).`);
      if (reasons.length > 0)
        await setRisk(trx, patient.id, {
          highRisk: true,
          reason: reasons.join(' '),
          source: 'notify',
          actorId: null,
        });
      const risk = await riskSummary(trx, patient.id);
      return { notifiedTherapists, highRisk: risk.highRisk };
    });
  },

  getMyGraph: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    return graph(ctx.db, patient.id, Number(ctx.query.startFrom), Number(ctx.query.endAt));
  },

  /** Everything kept about the caller, as one ZIP (./my-data.ts). Needs a recent sign-in; logged. */
  exportMyData: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    await assertRecentlyAuthenticated(ctx, principal(ctx));
    const exported = await buildMyDataExport(ctx.db, patient.id);
    const exportId = await logExport(ctx.db, patient.id, exported);
    ctx.log.info(
      { patientId: patient.id, exportId, bytes: exported.zip.length },
      'patient exported their own data',
    );
    ctx.reply
      .code(200)
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${exported.fileName}"`)
      .header('cache-control', 'private, no-store')
      .header('content-length', String(exported.zip.length))
      .send(Buffer.from(exported.zip));
    return undefined;
  },
};

/** An export reads every table: a few a minute per address is plenty for a person; so are new access codes. */
export const rateLimits: Record<string, RateLimit> = {
  exportMyData: envLimit({ max: 5, timeWindow: 60_000 }),
  renewAccessCode: envLimit({ max: 10, timeWindow: 60_000 }),
};
