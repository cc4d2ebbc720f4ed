// Writes keyed by a client id answer the same success to duplicates sent AT ONCE (a client's or a load
// balancer's retry racing the original): 50 concurrent pairs each, split over two instances, no 500 and one
// row per key. On PostgreSQL (npm run test:pg) the pairs really race (two pools, one database); on PGlite
// statements run one at a time, so there the test shows the answers and rows only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { as, chatResolveUser, openChat, seedChatWorld } from '../src/modules/chats/test-support.ts';
import { twoInstances, type Pair } from './instances.ts';

const PAIRS = 50;
const T0 = Date.UTC(2026, 2, 2, 9, 0, 0);
let pair: Pair;
beforeAll(async () => {
  pair = await twoInstances({ resolveUser: chatResolveUser, rateLimitEnabled: false });
  await seedChatWorld(pair.db);
});
afterAll(() => pair?.close());

function expectNoFailures(responses: LightMyRequestResponse[], status: number) {
  const statuses = responses.map((r) => r.statusCode);
  const failed = responses.filter((r) => r.statusCode !== status).map((r) => `${r.statusCode} ${r.body}`);
  expect(failed, 'every duplicate answers the same success').toEqual([]);
  expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
}

/** Sends each pair's two requests at once, one through each instance; all pairs at once. */
async function racePairs(request: (i: number) => InjectOptions) {
  const all = await Promise.all(
    Array.from({ length: PAIRS }, (_, i) =>
      Promise.all([pair.a.inject(request(i)), pair.b.inject(request(i))]),
    ),
  );
  return all;
}

const checkup = (momentId: string, i: number) => ({
  momentId,
  eventType: 'checkup',
  start: T0 + i * 60_000,
  end: T0 + i * 60_000 + 30_000,
  body: { mood: 3 },
});

async function rowsOf(ids: string[]) {
  const rows = await pair.db.selectFrom('moments').select('id').where('id', 'in', ids).execute();
  return rows.length;
}

describe('concurrent duplicate writes', () => {
  it('moments and check-ups: the same momentId twice at once answers 201 twice, stored once', async () => {
    const ids = Array.from({ length: PAIRS }, (_, i) => `race-add-${i}`);
    const pairs = await racePairs((i) =>
      as('patient', { method: 'POST', url: '/moments/add?eventType=checkup', payload: checkup(ids[i]!, i) }),
    );
    expectNoFailures(pairs.flat(), 201);
    for (const [x, y] of pairs) expect(x.json().momentId).toBe(y.json().momentId);
    expect(await rowsOf(ids)).toBe(PAIRS);
  });

  it('screening answers (PHQ-9): the same momentId twice at once is stored and flagged once', async () => {
    const ids = Array.from({ length: PAIRS }, (_, i) => `race-phq-${i}`);
    const phq9 = (i: number) => ({
      momentId: ids[i]!,
      eventType: 'phq9',
      start: T0 + i * 60_000,
      end: T0 + i * 60_000 + 240_000,
      body: { items: [1, 1, 1, 1, 1, 1, 1, 1, 0], total: 8, severity: 'mild' },
    });
    const pairs = await racePairs((i) =>
      as('patient', { method: 'POST', url: '/moments/add?eventType=phq9', payload: phq9(i) }),
    );
    expectNoFailures(pairs.flat(), 201);
    expect(await rowsOf(ids)).toBe(PAIRS);
  });

  it('offline sync and batch sync: the same batch twice at once answers 200 twice, stored once', async () => {
    const startFrom = T0;
    const endAt = T0 + 7 * 86_400_000;
    const ids = Array.from({ length: PAIRS }, (_, i) => [0, 1].map((k) => `race-sync-${i}-${k}`)).flat();
    const pairs = await racePairs((i) => {
      const events = [0, 1].map((k) => checkup(`race-sync-${i}-${k}`, i * 2 + k));
      return i % 2
        ? as('patient', {
            method: 'POST',
            url: `/moments/sync?eventType=checkup&startFrom=${startFrom}&endAt=${endAt}`,
            payload: { events },
          })
        : as('patient', {
            method: 'POST',
            url: '/moments/batch-sync',
            payload: { batches: [{ eventType: 'checkup', startFrom, endAt, events }] },
          });
    });
    expectNoFailures(pairs.flat(), 200);
    expect(await rowsOf(ids)).toBe(PAIRS * 2);
  });

  it('a first write of a versioned document twice at once (ETag *): one 200, one 412, never a 500', async () => {
    const pairs = await racePairs((i) =>
      as('patient', {
        method: 'POST',
        url: `/patient-metadata/race-doc-${i}/action/update-metadata`,
        headers: { etag: '*' },
        payload: { metadataChangeList: [{ op: 'set', path: 'n', value: i }] },
      }),
    );
    for (const [x, y] of pairs) expect([x.statusCode, y.statusCode].sort()).toEqual([200, 412]);
  });

  it('chat messages: the same message key twice at once answers 200 twice, one message', async () => {
    const sessionId = await openChat(pair.a);
    const pairs = await racePairs((i) =>
      as('patient', {
        method: 'PUT',
        url: `/chats/${sessionId}/messages/race-key-${i}`,
        payload: { messageBody: `Message ${i}` },
      }),
    );
    expectNoFailures(pairs.flat(), 200);
    for (const [x, y] of pairs) expect(x.json()).toEqual(y.json());
    const rows = await pair.db
      .selectFrom('chat_messages')
      .select('message_key')
      .where('session_id', '=', sessionId)
      .where('message_key', 'like', 'race-key-%')
      .execute();
    expect(rows).toHaveLength(PAIRS);
  });
});
