// The data-export tooling's log (tag `users-data`): every export, clone, creation and erasure, who did it
// and about whom (a one-way reference, so an erased user's id leaves it), and the list of it.
import { createHash, randomBytes } from 'node:crypto';
import { json, type Db } from '../../db/index.ts';
import type { HandlerContext, Handlers } from '../../http/types.ts';
import { readTimeCursor, timeCursorPage } from '../../http/time-cursor.ts';
import { callerOf } from '../organisations/access.ts';

/** A new id of a row this module writes (users, their copies, log entries). */
export const newUserId = (prefix: string) => `${prefix}-${randomBytes(10).toString('hex')}`;

/** A short one-way reference of a user id: says which log entries are about the same person, nothing else. */
export const subjectRef = (userId: string) =>
  createHash('sha256').update(`tend-user-data-log.${userId}`).digest('hex').slice(0, 12);

export type LoggedAction = 'export' | 'clone' | 'create' | 'erase';

/** Logs an action of the data-export tooling (who, when, what, about whom): migration 0080. */
export async function logAction(
  db: Db,
  ctx: HandlerContext,
  action: LoggedAction,
  subjectId: string | null,
  ref: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db
    .insertInto('user_data_actions')
    .values({
      id: newUserId('uda'),
      action,
      actor_id: callerOf(ctx).uid,
      subject_id: subjectId,
      subject_ref: ref,
      detail: json(detail),
    })
    .execute();
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ') || null;

export const logHandlers: Handlers = {
  listUserDataActions: async (_req, ctx) => {
    const pageSize = typeof ctx.query.pageSize === 'number' ? ctx.query.pageSize : 50;
    const cursor = typeof ctx.query.lastPage === 'string' ? readTimeCursor(ctx.query.lastPage) : null;
    const query = ctx.db
      .selectFrom('user_data_actions as a')
      .leftJoin('users as actor', 'actor.id', 'a.actor_id')
      .select([
        'a.id',
        'a.action',
        'a.created_at',
        'a.actor_id',
        'a.subject_id',
        'a.subject_ref',
        'a.detail',
        'actor.first_name',
        'actor.last_name',
        'actor.email',
      ]);
    const { page, lastPage } = await timeCursorPage(query, 'a', cursor, pageSize);
    return {
      items: page.map((r) => ({
        id: r.id,
        action: r.action,
        at: new Date(r.created_at).toISOString(),
        actor: { userId: r.actor_id, name: fullName(r.first_name, r.last_name), email: r.email ?? null },
        subject: { userId: r.subject_id, ref: r.subject_ref },
        detail: r.detail ?? {},
      })),
      lastPage,
    };
  },
};
