// The admin's chat lookup (contract tag `chats`, GET /admin/chat/{patientEmail}): every chat session of a
// patient, for an administrator of the patient's organisation (or of an ancestor). Audited. See
// ../chats/README.md.
import { randomUUID } from 'node:crypto';
import type { Handlers } from '../../http/types.ts';
import { adminOrganisations, currentUser, historyOf, noSuchChat, sessionsQuery } from '../chats/service.ts';

export const handlers: Handlers = {
  getChatsByPatientEmail: async (_request, ctx) => {
    const user = currentUser(ctx);
    const email = String(ctx.params.patientEmail).trim().toLowerCase();
    const patient = await ctx.db
      .selectFrom('patients')
      .select(['id', 'organisation_id'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .executeTakeFirst();
    // A patient outside the admin's organisations answers as an unknown address: no existence leak.
    if (!patient || !(await adminOrganisations(ctx.db, user)).includes(patient.organisation_id)) throw noSuchChat();
    await ctx.db.insertInto('chat_access_audit').values({ id: randomUUID(), actor_id: user.uid, patient_id: patient.id, action: 'admin-chat-lookup', created_at: new Date() }).execute();
    const rows = await sessionsQuery(ctx.db).where('patient_id', '=', patient.id).orderBy('created_at', 'desc').orderBy('id').execute();
    return historyOf(ctx.db, rows);
  },
};
