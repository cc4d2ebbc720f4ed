import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/index.ts';
import { localChatListener, parseChatEvent, publishChatEvent, type ChatEvent } from './bus.ts';
import { SseParser, SseStream } from './sse.ts';

describe('server-sent events', () => {
  it('writes one-line JSON events that the parser reads back, across chunk boundaries', () => {
    const out = new PassThrough();
    const sse = new SseStream(out);
    sse.retry(3000);
    sse.event('message', { text: 'two\nlines', n: 1 }, '42');
    sse.comment('ping');
    sse.event('read', { ok: true });
    const text = String(out.read());
    expect(text).toContain('event: message\nid: 42\ndata: {"text":"two\\nlines","n":1}\n\n');
    const parser = new SseParser();
    const events = [...parser.push(text.slice(0, 17)), ...parser.push(text.slice(17))];
    expect(events).toEqual([
      { event: 'message', data: '{"text":"two\\nlines","n":1}', id: '42' },
      { event: 'read', data: '{"ok":true}' },
    ]);
    expect(() => sse.event('bad name\n', {})).toThrow();
    out.end();
    sse.event('message', {}); // ignored after the end
  });
});

describe('chat bus', () => {
  it('accepts only well-formed events from NOTIFY payloads', () => {
    expect(parseChatEvent('{"t":"message","s":"a","k":"b"}')).toEqual({ t: 'message', s: 'a', k: 'b' });
    expect(parseChatEvent('{"t":"read","s":"a","u":"b","at":"2026-01-01T00:00:00.000Z"}')).toMatchObject({
      t: 'read',
    });
    expect(parseChatEvent('{"t":"revoked","u":"x"}')).toEqual({ t: 'revoked', u: 'x' });
    for (const bad of [
      undefined,
      '',
      'nope',
      '{"t":"message","s":"a"}',
      '{"t":"other","s":"a"}',
      '{"t":"session","s":5}',
    ]) {
      expect(parseChatEvent(bad)).toBeNull();
    }
  });

  let db: Db;
  // PGlite starts slowly on a busy machine: in a hook (longer timeout), unmigrated (the bus needs no table).
  beforeAll(async () => {
    db = await createDb({ memory: true, migrate: false });
  });
  afterAll(async () => db?.destroy());

  it('delivers events in-process on PGlite to every listener until it closes', async () => {
    const a = localChatListener(db);
    const b = localChatListener(db);
    const got: ChatEvent[] = [];
    const gotB: ChatEvent[] = [];
    a.subscribe((e) => got.push(e));
    b.subscribe((e) => gotB.push(e));
    await a.ready();
    await publishChatEvent(db, { t: 'session', s: 's-1' });
    expect(got).toEqual([{ t: 'session', s: 's-1' }]);
    expect(gotB).toEqual([{ t: 'session', s: 's-1' }]);
    await a.close();
    await publishChatEvent(db, { t: 'session', s: 's-2' });
    expect(got).toHaveLength(1);
    expect(gotB).toHaveLength(2);
    await b.close();
  });
});
