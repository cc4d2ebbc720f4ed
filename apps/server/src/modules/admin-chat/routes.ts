// The admin's chat look-up (contract tag `chats`, GET /admin/chat/{patientEmail}?reason=…): every chat
// session of a patient, for an administrator of the patient's organisation (or of one above it), to review
// a safeguarding concern. Each look-up is written to the safeguarding log (chat_access_audit: who, when,
// why, the patient's organisation) before anything is answered; the log is read with
// listSafeguardingLookups (../safeguarding). See ../chats/README.md.
import { randomUUID } from 'node:crypto';
import { badRequest } from '../../http/errors.ts';
import type { Handlers } from '../../http/types.ts';
import { currentUser, historyOf, noSuchChat, sessionsQuery } from '../chats/service.ts';
import { adminScope } from '../organisations/access.ts';

/** What the log keeps as the reason: trimmed, inner runs of white space made one space. */
export function normaliseReason(value: unknown): string {
  const reason = String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  if (reason.length < 10)
    throw badRequest('Say why you are looking at these chats (at least 10 characters).', {
      fields: { reason: 'is too short' },
    });
  return reason;
}

export const handlers: Handlers = {
  getChatsByPatientEmail: async (_request, ctx) => {
    const user = currentUser(ctx);
    const reason = normaliseReason(ctx.query.reason);
    const email = String(ctx.params.patientEmail).trim().toLowerCase();
    const patient = await ctx.db
      .selectFrom('patients')
      .select(['id', 'organisation_id'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    // A patient outside the admin's organisations answers as an unknown address: no existence leak.
    if (!patient || !(await adminScope(ctx.db, user)).ids.has(patient.organisation_id)) throw noSuchChat();
    await ctx.db
      .insertInto('chat_access_audit')
      .values({
        id: randomUUID(),
        actor_id: user.uid,
        patient_id: patient.id,
        action: 'admin-chat-lookup',
        reason,
        organisation_id: patient.organisation_id,
        created_at: new Date(),
      })
      .execute();
    ctx.log.info({ patientId: patient.id, by: user.uid }, 'safeguarding chat look-up');
    const rows = await sessionsQuery(ctx.db)
      .where('patient_id', '=', patient.id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return historyOf(ctx.db, rows);
  },
};
