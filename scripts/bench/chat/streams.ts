/** Event streams one server instance holds: opened from Node with a chat token, then one message sent. */
import { request } from '@playwright/test';
import { signInByApi } from '../../../packages/auth/e2e/accounts.ts';
import { SseParser } from '../../../apps/server/src/realtime/sse.ts';
import { BENCH_CHAT } from '../../../apps/server/src/db/seed-large/parts/60-chat.ts';
import { API, PASSWORD } from './common.ts';

/** Opens `count` event streams of the bench chat from Node, then sends one message: how many held and got it. */
export async function measureStreams(count: number) {
  const api = await request.newContext();
  const bearer = await signInByApi(api, BENCH_CHAT.email, ['patient'], PASSWORD);
  const token = (await (
    await api.get(`${API}/patient/chat/token`, { headers: { Authorization: `Bearer ${bearer}` } })
  ).json()) as { streamUrl: string };
  const controllers: AbortController[] = [];
  const key = `bench-streams-${count}-${Date.now()}`;
  const opened = Date.now();
  const streams = Array.from({ length: count }, async () => {
    const controller = new AbortController();
    controllers.push(controller);
    let ready!: () => void;
    let got!: () => void;
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    const received = new Promise<void>((resolve) => (got = resolve));
    try {
      const response = await fetch(`${API}${token.streamUrl}`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) return { ready: false, received: new Promise<void>(() => {}) };
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parser = new SseParser();
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            for (const e of parser.push(value)) {
              if (e.event === 'ready') ready();
              if (e.event === 'message' && e.data.includes(key)) got();
            }
          }
        } catch {
          // aborted
        }
      })();
      const ok = await Promise.race([
        isReady.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 30_000)),
      ]);
      return { ready: ok, received };
    } catch {
      return { ready: false, received: new Promise<void>(() => {}) };
    }
  });
  const results = await Promise.all(streams);
  const openMs = Date.now() - opened;
  const held = results.filter((r) => r.ready).length;
  const sent = Date.now();
  const put = await api.put(`${API}/chats/${BENCH_CHAT.sessionId}/messages/${key}`, {
    headers: { Authorization: `Bearer ${bearer}` },
    data: { messageBody: `Streams check ${key}` },
  });
  if (!put.ok()) throw new Error(`sending the check message: ${put.status()} ${await put.text()}`);
  const deadline = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000));
  const delivered = (
    await Promise.all(results.map((r) => Promise.race([r.received.then(() => true), deadline])))
  ).filter(Boolean).length;
  const deliveryMs = Date.now() - sent;
  for (const c of controllers) c.abort();
  await api.dispose();
  return { count, held, delivered, openMs, deliveryMs };
}
