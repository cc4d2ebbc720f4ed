// The therapist's open chats by keyset cursor (paginationCursor): latest activity first, then id, through chats
// whose activity ties to the microsecond without a repeated or missing one; listTherapistChatsV2 pages only
// when asked (limit or cursor) and otherwise answers every chat as the spec's call does; 400 for a cursor the
// server did not give.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { callContract, type TestApp } from '../../../test/helpers.ts';
import { as, chatTestApp } from '../chats/test-support.ts';
import {
  insertChatsWithTherapist1,
  insertPatientsBeside,
  walkPages,
  type CursorPage,
} from '../../../test/keyset.ts';

const CHATS = 11;

const chat = chatTestApp(async (t) => {
  const ids = Array.from({ length: CHATS }, (_, i) => `kchat-${String(i).padStart(2, '0')}`);
  await insertPatientsBeside(t.db, 'therapist-1', ids, { first_name: 'Kit', last_name: 'Same' });
  await insertChatsWithTherapist1(t.db, ids, (_id, i) => ({
    status: 'active',
    // Eight at one microsecond, three a microsecond apart.
    last_activity_at: sql<Date>`timestamptz '2026-03-01 11:00:00.123456+00' + ${Math.max(0, i - 7)} * interval '1 microsecond'`,
  }));
});
let t: TestApp;
beforeAll(() => ({ t } = chat));

interface ChatsPage extends CursorPage {
  items: Array<{ session?: { chatSessionId: string }; chatSessionId?: string }>;
  skip?: number;
}

const get = (url: string, op: 'listTherapistChats' | 'listTherapistChatsV2', user = 'therapist') =>
  callContract(t.app, op, as(user, { method: 'GET', url }));

describe("the therapist's chats by keyset cursor", () => {
  it('pages v1 and v2 through tied activity in the order of the whole list, without repeats or gaps', async () => {
    const whole = await get('/therapist/v2/chats', 'listTherapistChatsV2');
    expect(whole.res.statusCode).toBe(200);
    expect(whole.body.paginationCursor).toBeUndefined();
    const order = (whole.body.items as Array<{ session: { chatSessionId: string } }>).map(
      (i) => i.session.chatSessionId,
    );
    expect(order.filter((id) => id.startsWith('s-kchat-'))).toHaveLength(CHATS);
    expect(order.slice(0, 3)).toEqual(['s-kchat-10', 's-kchat-09', 's-kchat-08']);
    for (const limit of [1, 3, 4]) {
      for (const [op, path] of [
        ['listTherapistChatsV2', '/therapist/v2/chats'],
        ['listTherapistChats', '/therapist/chats'],
      ] as const) {
        const pages = await walkPages(
          async (cursorParam) => {
            const page = await get(`${path}?limit=${limit}${cursorParam}`, op);
            return { status: page.res.statusCode, page: page.body as ChatsPage };
          },
          { most: 100 },
        );
        if (op === 'listTherapistChats') pages.forEach((page, i) => expect(page.skip).toBe(i * limit));
        const ids = pages.flatMap((page) =>
          page.items.map((i) => i.session?.chatSessionId ?? i.chatSessionId!),
        );
        expect(ids, `${op} by ${limit}`).toEqual(order);
      }
    }
  });

  it('answers 400 for a cursor the server did not give; another therapist sees none of these', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of ['!!', b64([1, 's-x']), b64(['soon', 's-x', 0]), b64([1, '', 0])]) {
      const q = `paginationCursor=${encodeURIComponent(cursor)}`;
      expect((await get(`/therapist/v2/chats?${q}`, 'listTherapistChatsV2')).res.statusCode).toBe(400);
      expect((await get(`/therapist/chats?${q}`, 'listTherapistChats')).res.statusCode).toBe(400);
    }
    const first = await get('/therapist/v2/chats?limit=2', 'listTherapistChatsV2');
    const other = await get(
      `/therapist/v2/chats?paginationCursor=${first.body.paginationCursor}`,
      'listTherapistChatsV2',
      'therapist2',
    );
    expect(other.res.statusCode).toBe(200);
    expect(other.body.items).toEqual([]);
  });
});
