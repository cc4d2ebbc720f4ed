// Rewards for completed activity sessions (tag `rewards`). Points = ceil(duration / 60), doubled when
// the session was recommended, at most 100 per session. Idempotent per (patient, sessionId): repeating a
// session answers its stored result and credits nothing more.
import type { Handlers } from '../../http/types.ts';
import { requireSelfPatient } from '../patients/access.ts';

export const MAX_POINTS_PER_SESSION = 100;

export function pointsFor(durationSeconds: number, isRecommended: boolean): number {
  return Math.min(MAX_POINTS_PER_SESSION, Math.ceil(durationSeconds / 60) * (isRecommended ? 2 : 1));
}

export const handlers: Handlers = {
  earnReward: async (_req, ctx) => {
    const patient = await requireSelfPatient(ctx);
    const body = ctx.body as { isRecommended: boolean; duration: number; sessionId: string };
    return ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('reward_sessions')
        .values({
          patient_id: patient.id,
          session_id: body.sessionId,
          points: pointsFor(body.duration, body.isRecommended),
          is_recommended: body.isRecommended,
          duration_seconds: body.duration,
        })
        .onConflict((oc) => oc.columns(['patient_id', 'session_id']).doNothing())
        .execute();
      const stored = await trx
        .selectFrom('reward_sessions')
        .select('points')
        .where('patient_id', '=', patient.id)
        .where('session_id', '=', body.sessionId)
        .executeTakeFirstOrThrow();
      const total = await trx
        .selectFrom('reward_sessions')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), eb.lit(0)).as('balance'))
        .where('patient_id', '=', patient.id)
        .executeTakeFirstOrThrow();
      return { sessionId: body.sessionId, pointsEarned: stored.points, balance: Number(total.balance) };
    });
  },
};
