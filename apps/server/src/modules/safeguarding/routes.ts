// Tag `safeguarding`: the safeguarding log. Every chat look-up of an administrator (getChatsByPatientEmail,
// ../admin-chat) is a row of chat_access_audit with who, when, why and the patient's organisation
// (migration 0060). An administrator reads the entries of the organisations they administer (with those
// below them), newest first, keyset-paged by (time, id). See ./README.md.
import { readTimeCursor as readCursor, timeCursorPage } from '../../http/time-cursor.ts';
import type { Handlers } from '../../http/types.ts';
import { requireAdmin, requireAdminOf } from '../organisations/access.ts';

const fullName = (first: string | null, last: string | null) =>
  [first, last].filter(Boolean).join(' ') || null;

export const handlers: Handlers = {
  listSafeguardingLookups: async (_req, ctx) => {
    const named = typeof ctx.query.organisation === 'string' ? ctx.query.organisation : undefined;
    const scope = named ? await requireAdminOf(ctx, named) : await requireAdmin(ctx);
    const organisations = named ? [named] : [...scope.ids];
    const pageSize = typeof ctx.query.pageSize === 'number' ? ctx.query.pageSize : 50;
    const cursor = typeof ctx.query.lastPage === 'string' ? readCursor(ctx.query.lastPage) : null;
    if (organisations.length === 0) return { items: [], lastPage: null };
    const query = ctx.db
      .selectFrom('chat_access_audit as a')
      .innerJoin('organisations as o', 'o.id', 'a.organisation_id')
      .leftJoin('users as actor', 'actor.id', 'a.actor_id')
      .leftJoin('patients as p', 'p.id', 'a.patient_id')
      .select([
        'a.id',
        'a.created_at',
        'a.actor_id',
        'a.patient_id',
        'a.reason',
        'a.organisation_id',
        'o.name as organisation_name',
        'actor.first_name as actor_first',
        'actor.last_name as actor_last',
        'actor.email as actor_email',
        'p.first_name as patient_first',
        'p.last_name as patient_last',
        'p.email as patient_email',
      ])
      .where('a.action', '=', 'admin-chat-lookup')
      .where('a.organisation_id', 'in', organisations);
    const { page, lastPage } = await timeCursorPage(query, 'a', cursor, pageSize);
    return {
      items: page.map((r) => ({
        id: r.id,
        at: new Date(r.created_at).toISOString(),
        actor: { userId: r.actor_id, name: fullName(r.actor_first, r.actor_last), email: r.actor_email },
        patient: {
          patientId: r.patient_id,
          name: fullName(r.patient_first, r.patient_last),
          email: r.patient_email,
        },
        organisationId: r.organisation_id!,
        organisationName: r.organisation_name,
        // Look-ups logged before reasons were asked for (migration 0060) have none.
        reason: r.reason ?? '',
      })),
      lastPage,
    };
  },
};
