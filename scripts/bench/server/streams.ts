/** How many chat event streams one instance holds while every message still reaches every stream. */
import { request, type ClientRequest } from 'node:http';
import { sleep } from './processes.ts';
import { json } from './sign-in.ts';

/** How long the streams are held, and how often a message is sent meanwhile. */
export const HOLD_MS = 20_000;
const MESSAGE_EVERY_MS = 4_000;

export interface StreamFigures {
  opened: number;
  delivered: number;
  messages: number;
}

/** Opens `count` event streams of one chat, holds them while sending messages, counts who got all of them. */
export async function holdStreams(server: string, bearer: string, count: number): Promise<StreamFigures> {
  const auth = { authorization: `Bearer ${bearer}` };
  const token = await json<{ chatSessionId: string; streamUrl: string }>(
    await fetch(`${server}/patient/chat/token`, { headers: auth }),
    'chat token',
  );
  const received: number[] = [];
  const requests: ClientRequest[] = [];
  const open = (i: number) =>
    new Promise<void>((resolve) => {
      received[i] = -1;
      const req = request(
        `${server}${token.streamUrl}`,
        { agent: false, headers: { accept: 'text/event-stream' } },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            resolve();
            return;
          }
          res.setEncoding('utf8');
          let tail = '';
          res.on('data', (chunk: string) => {
            const text = tail + chunk;
            if (received[i] === -1 && text.includes('event: ready')) {
              received[i] = 0;
              resolve();
            }
            received[i]! +=
              (text.match(/event: message\n/g) ?? []).length - (tail.match(/event: message\n/g) ?? []).length;
            tail = text.slice(-32);
          });
          res.on('error', () => resolve());
          res.on('close', () => resolve());
        },
      );
      req.on('error', () => resolve());
      req.end();
      requests.push(req);
    });
  try {
    for (let i = 0; i < count; i += 100)
      await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)));
    const opened = received.filter((n) => n >= 0).length;
    let messages = 0;
    const started = Date.now();
    while (Date.now() - started < HOLD_MS) {
      const key = `bench-${Date.now()}-${messages}`;
      const sent = await fetch(`${server}/chats/${token.chatSessionId}/messages/${key}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ messageBody: `Bench message ${messages + 1}` }),
      });
      if (sent.ok) messages++;
      else throw new Error(`sending a chat message: HTTP ${sent.status} ${await sent.text()}`);
      await sleep(MESSAGE_EVERY_MS);
    }
    // Let the last message arrive everywhere.
    await sleep(2_000);
    return { opened, delivered: received.filter((n) => n >= messages).length, messages };
  } finally {
    for (const req of requests) req.destroy();
    await sleep(1_000);
  }
}
