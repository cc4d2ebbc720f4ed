import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { as, chatTestApp, openChat } from '../chats/test-support.ts';

const chat = chatTestApp();
const { op } = chat;
let t: TestApp;
beforeAll(() => ({ t } = chat));

const REASON = 'Her therapist raised a safeguarding concern after Tuesday.';
/** The look-up of a patient's chats by e-mail, as `user`, with a reason. */
const lookup = (user: string | null, patientEmail: string, reason = REASON) =>
  op(user, 'getChatsByPatientEmail', { params: { patientEmail }, query: { reason } });

describe('admin chat lookup by patient e-mail', () => {
  it('gives the organisation’s admins every chat of the patient, with messages, and audits the access', async () => {
    const s = await openChat(t.app);
    await t.app.inject(
      as('patient', { method: 'PUT', url: `/chats/${s}/messages/m-1`, payload: { messageBody: 'hello' } }),
    );
    const { res, body } = await lookup('admin', 'Patient@Example.com');
    expect(res.statusCode).toBe(200);
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ chatSessionId: s, patientId: 'patient-01', status: 'open' });
    expect(body.sessions[0].messages.map((m: { messageBody: string }) => m.messageBody)).toEqual([
      'Can we talk today?',
      'hello',
    ]);
    const audit = await t.db.selectFrom('chat_access_audit').selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_id: 'admin-1',
      patient_id: 'patient-01',
      action: 'admin-chat-lookup',
      reason: REASON,
      organisation_id: 'org-tend-health',
    });

    // The root's admin reaches the child organisation's patients (no chats yet: an empty history).
    const child = await lookup('admin', 'patient13@example.com');
    expect(child.res.statusCode).toBe(200);
    expect(child.body.sessions).toEqual([]);
  });

  it('answers 404 outside the admin’s organisations (no existence leak), 403 to other roles, 400 to a bad address', async () => {
    // The child's admin does not reach the parent's patients.
    expect((await lookup('childAdmin', 'patient@example.com')).res.statusCode).toBe(404);
    expect((await lookup('childAdmin', 'patient13@example.com')).res.statusCode).toBe(200);
    const other = await lookup('otherAdmin', 'patient@example.com');
    expect(other.res.statusCode).toBe(404);
    const unknown = await lookup('admin', 'nobody@example.com');
    expect(unknown.res.statusCode).toBe(404);
    expect(unknown.body.code).toBe(other.body.code);
    for (const user of ['therapist', 'patient', 'dataExport']) {
      const denied = await lookup(user, 'patient@example.com');
      expect(denied.res.statusCode, user).toBe(403);
    }
    expect((await lookup(null, 'patient@example.com')).res.statusCode).toBe(401);
    expect((await lookup('admin', 'not-an-address')).res.statusCode).toBe(400);
    // A reason is required, and says something (10 characters once spaces are folded).
    const none = await op('admin', 'getChatsByPatientEmail', {
      params: { patientEmail: 'patient@example.com' },
    });
    expect(none.res.statusCode).toBe(400);
    expect(none.body.details.fields).toHaveProperty('reason');
    const blank = await lookup('admin', 'patient@example.com', 'why         .');
    expect(blank.res.statusCode).toBe(400);
    expect(blank.body.details.fields).toEqual({ reason: 'is too short' });
    const audited = await t.db
      .selectFrom('chat_access_audit')
      .select('actor_id')
      .where('actor_id', '<>', 'admin-1')
      .execute();
    expect(audited.map((a) => a.actor_id)).toEqual(['admin-2']);
  });
});
