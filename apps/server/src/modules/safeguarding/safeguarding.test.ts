import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callContract, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { as, chatResolveUser, seedChatWorld } from '../chats/test-support.ts';

let t: TestApp;

const look = (user: string, email: string, reason: string) =>
  t.app.inject(
    as(user, {
      method: 'GET',
      url: `/admin/chat/${encodeURIComponent(email)}?reason=${encodeURIComponent(reason)}`,
    }),
  );
const log = (user: string | null, query = '') => {
  const url = `/admin/safeguarding-lookups${query}`;
  return callContract(
    t.app,
    'listSafeguardingLookups',
    user ? as(user, { method: 'GET', url }) : { method: 'GET', url },
  );
};
const reasons = (body: { items: Array<{ reason: string }> }) => body.items.map((i) => i.reason);

beforeAll(async () => {
  t = await createTestApp({ resolveUser: chatResolveUser, rateLimitEnabled: false });
  await seedChatWorld(t.db);
  // In this order, so newest first is the reverse.
  for (const [user, email, reason] of [
    ['admin', 'patient@example.com', 'First concern raised by her therapist.'],
    ['admin', 'patient13@example.com', 'A message mentioned feeling unsafe.'],
    ['childAdmin', 'patient13@example.com', 'Follow-up of the concern of Monday.'],
    ['admin', 'patient@example.com', 'Second look after the call with the GP.'],
  ] as const) {
    expect((await look(user, email, reason)).statusCode).toBe(200);
  }
});
afterAll(async () => t?.close());

describe('the safeguarding log', () => {
  it('shows the administrators of the patient’s organisation (and above) who looked, when and why, newest first', async () => {
    const { res, body } = await log('admin');
    expect(res.statusCode).toBe(200);
    expect(reasons(body)).toEqual([
      'Second look after the call with the GP.',
      'Follow-up of the concern of Monday.',
      'A message mentioned feeling unsafe.',
      'First concern raised by her therapist.',
    ]);
    expect(body.items[0]).toMatchObject({
      actor: { userId: 'admin-1' },
      patient: { patientId: 'patient-01', email: 'patient@example.com' },
      organisationId: 'org-tend-health',
      organisationName: 'Tend Health',
    });
    expect(body.items[1]).toMatchObject({
      actor: { userId: 'admin-2' },
      patient: { patientId: 'patient-13' },
      organisationId: 'org-tend-north',
    });
    expect(Date.parse(body.items[0].at)).toBeGreaterThanOrEqual(Date.parse(body.items[3].at));
    expect(body.lastPage).toBeNull();
  });

  it('keeps the child organisation’s administrator to its own patients’ entries, and others out', async () => {
    const child = await log('childAdmin');
    expect(reasons(child.body)).toEqual([
      'Follow-up of the concern of Monday.',
      'A message mentioned feeling unsafe.',
    ]);
    expect((await log('childAdmin', '?organisation=org-tend-health')).res.statusCode).toBe(404);
    const other = await log('otherAdmin');
    expect(other.res.statusCode).toBe(200);
    expect(other.body.items).toEqual([]);
    expect((await log('therapist')).res.statusCode).toBe(403);
    expect((await log(null)).res.statusCode).toBe(401);
  });

  it('narrows to one organisation and pages with lastPage', async () => {
    const north = await log('admin', '?organisation=org-tend-north');
    expect(reasons(north.body)).toEqual([
      'Follow-up of the concern of Monday.',
      'A message mentioned feeling unsafe.',
    ]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof log>> = await log(
        'admin',
        `?pageSize=1${cursor ? `&lastPage=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.body.items).toHaveLength(1);
      seen.push(...reasons(page.body));
      cursor = page.body.lastPage as string | null;
    } while (cursor);
    expect(seen).toEqual(reasons((await log('admin')).body));
    const bad = await log('admin', '?lastPage=nonsense');
    expect(bad.res.statusCode).toBe(400);
  });

  it('keeps an erased administrator’s look-ups, without their name', async () => {
    await t.db
      .updateTable('chat_access_audit')
      .set({ actor_id: null })
      .where('actor_id', '=', 'admin-2')
      .execute();
    const { body } = await log('admin', '?organisation=org-tend-north');
    expect(body.items[0]).toMatchObject({
      actor: { userId: null, name: null, email: null },
      reason: 'Follow-up of the concern of Monday.',
    });
  });
});
