/**
 * Chat at scale, on the running product with the large data set (apps/server/src/db/seed-large/parts/60-chat.ts:
 * bench-chat@example.com's open chat of 5,000 messages with the demo therapist):
 *
 * - the thread (patient app, Debian Chromium): time from navigation to the first message shown, rows in the
 *   DOM, and while scrolling to the first message (every earlier page loading on the way) the longest task
 *   and the longest frame (goals: < 60 rows, < 50 ms);
 * - delivery: 1,000 messages typed in the patient's browser context, the time until each reaches the
 *   therapist's page (another context: its event stream) and until it is on screen there, p50 and p95;
 * - event streams one server instance holds: N streams opened from Node with a chat token, then one message
 *   sent, and how many streams received it (goal: ≥ 1,000 with messages still delivered).
 */
import { chromium, request, type Browser, type Page } from '@playwright/test';
import { signInByApi } from '../../packages/auth/e2e/accounts.ts';
import { submitCode, submitCredentials } from '../../packages/auth/e2e/portal.ts';
import { freshTotpCode } from '../../packages/auth/e2e/totp.ts';
import { APP_PORTS, SERVER_PORT } from '../../packages/config/src/ports.ts';
import { SseParser } from '../../apps/server/src/realtime/sse.ts';
import { BENCH_CHAT } from '../../apps/server/src/db/seed-large/parts/60-chat.ts';
import { median, printTable, type BenchSection } from './types.ts';

const API = `http://localhost:${SERVER_PORT}`;
const PATIENT_APP = `http://localhost:${APP_PORTS.patient}`;
const THERAPIST_APP = `http://localhost:${APP_PORTS.therapist}`;
const PASSWORD = 'Tend-demo-2026';
const THERAPIST = 'therapist@example.com';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const DELIVERED_MESSAGES = 1000;
const STREAM_COUNTS = [1000, 2000];

const ms = (n: number) => `${Math.round(n)} ms`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

/**
 * tsx (esbuild, keepNames) wraps the functions given to page.evaluate in `__name(…)` calls, which pages do not
 * define: every context gets this no-op first (as a string, so it is not transformed itself).
 */
const NAME_SHIM = { content: 'window.__name = (fn) => fn;' };

async function benchContext(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(NAME_SHIM);
  return context;
}

/** Records, from the start of each navigation, when the first message of the conversation appears. */
const FIRST_MESSAGE_PROBE = () => {
  const w = window as unknown as { __firstMessageAt?: number };
  const check = () => {
    if (
      w.__firstMessageAt === undefined &&
      document.querySelector('[role="region"][aria-label^="Conversation"] article')
    )
      w.__firstMessageAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
};

async function signInPatient(page: Page): Promise<void> {
  await page.goto(`${PATIENT_APP}/authentication/login?returnTo=%2Fchat`);
  await submitCredentials(page, BENCH_CHAT.email, PASSWORD);
  await page
    .locator('[role="region"][aria-label^="Conversation"] article')
    .first()
    .waitFor({ timeout: 60_000 });
}

/** First message, rows in the DOM, and scrolling to the first of 5,000 messages. */
async function measureThread(browser: Browser) {
  const context = await benchContext(browser);
  await context.addInitScript(FIRST_MESSAGE_PROBE);
  const page = await context.newPage();
  await signInPatient(page);
  const firstMessage: number[] = [];
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await page
      .locator('[role="region"][aria-label^="Conversation"] article')
      .first()
      .waitFor({ timeout: 60_000 });
    firstMessage.push(
      await page.evaluate(() => (window as unknown as { __firstMessageAt: number }).__firstMessageAt),
    );
  }
  await page.waitForTimeout(500);
  const rows = await page.locator('[role="region"][aria-label^="Conversation"] [role="listitem"]').count();
  const scroll = await page.evaluate(async () => {
    const region = document.querySelector<HTMLElement>('[role="region"][aria-label^="Conversation"]')!;
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) =>
      longTasks.push(...list.getEntries().map((e) => e.duration)),
    );
    observer.observe({ type: 'longtask', buffered: false });
    let maxFrame = 0;
    let maxRows = 0;
    let running = true;
    let last = performance.now();
    const frame = (t: number) => {
      maxFrame = Math.max(maxFrame, t - last);
      last = t;
      maxRows = Math.max(maxRows, region.querySelectorAll('[role="listitem"]').length);
      if (running) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const started = performance.now();
    const atStart = () => region.textContent?.includes('This is the start of the conversation.');
    while (!atStart() && performance.now() - started < 180_000) {
      // A fast reader: two screens up per frame.
      region.scrollTop = Math.max(0, region.scrollTop - region.clientHeight * 2);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    running = false;
    observer.disconnect();
    return {
      reached: Boolean(atStart()),
      ms: performance.now() - started,
      longestTask: Math.max(0, ...longTasks),
      longTasks: longTasks.length,
      maxFrame,
      maxRows,
    };
  });
  await context.close();
  return { firstMessage: median(firstMessage), rows, ...scroll };
}

/** 1,000 messages typed by the patient; when each appears in the therapist's conversation. */
async function measureDelivery(browser: Browser, count: number) {
  const patient = await benchContext(browser);
  const therapist = await benchContext(browser);
  // Every message event reaching the therapist's page, by its number (the stream as the client receives it).
  await therapist.addInitScript({
    content: `(() => {
      const Original = window.EventSource;
      window.__arrivals = {};
      window.EventSource = class extends Original {
        constructor(url, init) {
          super(url, init);
          this.addEventListener('message', (e) => {
            const m = /bench#(\\d+)@(\\d+)/.exec(e.data);
            if (m && !(m[1] in window.__arrivals)) window.__arrivals[m[1]] = Date.now() - Number(m[2]);
          });
        }
      };
    })();`,
  });
  const sender = await patient.newPage();
  const receiver = await therapist.newPage();
  await signInPatient(sender);
  await receiver.goto(
    `${THERAPIST_APP}/authentication/login?returnTo=${encodeURIComponent(`/chats/${BENCH_CHAT.sessionId}`)}`,
  );
  await submitCredentials(receiver, THERAPIST, PASSWORD);
  await submitCode(receiver, await freshTotpCode(TOTP_SECRET, { account: THERAPIST }));
  await receiver
    .locator('[role="region"][aria-label^="Conversation"] article')
    .first()
    .waitFor({ timeout: 60_000 });
  // The receiver notes when each numbered message reaches its page (its event stream) and when it is first
  // on screen (the thread is virtualised: rows out of view are not in the page). One machine: one clock.
  await receiver.evaluate(() => {
    const w = window as unknown as { __arrivals: Record<string, number>; __shown: Record<string, number> };
    w.__shown = {};
    const scan = (node: Node) => {
      const text = node.textContent ?? '';
      for (const m of text.matchAll(/bench#(\d+)@(\d+)/g))
        if (!(m[1]! in w.__shown)) w.__shown[m[1]!] = Date.now() - Number(m[2]);
    };
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(scan))).observe(
      document.body,
      { childList: true, subtree: true },
    );
  });
  const field = sender.getByRole('textbox', { name: 'Your message' });
  const started = Date.now();
  for (let i = 0; i < count; i++) {
    await field.fill(`bench#${i}@${Date.now()}`);
    await field.press('Enter');
  }
  const sendMs = Date.now() - started;
  const deadline = Date.now() + 120_000;
  let seen = { arrivals: {} as Record<string, number>, shown: {} as Record<string, number> };
  while (Date.now() < deadline) {
    seen = await receiver.evaluate(() => {
      const w = window as unknown as { __arrivals: Record<string, number>; __shown: Record<string, number> };
      return { arrivals: w.__arrivals, shown: w.__shown };
    });
    if (Object.keys(seen.arrivals).length >= count) break;
    await receiver.waitForTimeout(500);
  }
  await patient.close();
  await therapist.close();
  const latencies = Object.values(seen.arrivals);
  const shown = Object.values(seen.shown);
  return {
    received: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    shown: shown.length,
    shownP50: percentile(shown, 50),
    shownP95: percentile(shown, 95),
    sendMs,
  };
}

/** Opens `count` event streams of the bench chat from Node, then sends one message: how many held and got it. */
async function measureStreams(count: number) {
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

const section: BenchSection = {
  name: 'chat',
  title: 'Chat (a 5,000-message thread, delivery between two browsers, event streams per server instance)',
  async run(ctx) {
    if (!ctx.chromium) {
      console.log('  skipped: no Chromium (apt-get install -y chromium, or set CHROMIUM_PATH)');
      return;
    }
    await ctx.stack();
    const browser = await chromium.launch({
      executablePath: ctx.chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    try {
      const thread = await measureThread(browser);
      printTable([
        ['5,000-message thread (patient app)', 'value', 'goal'],
        ['first message shown (median of 3 loads)', ms(thread.firstMessage), ''],
        ['rows in the DOM', thread.rows, '< 60'],
        ['rows in the DOM while scrolling (most)', thread.maxRows, '< 60'],
        [
          'scrolled to the first message',
          thread.reached ? ms(thread.ms) : `not reached in ${ms(thread.ms)}`,
          '',
        ],
        [
          'longest task while scrolling',
          thread.longTasks ? ms(thread.longestTask) : 'none of 50 ms or more',
          '< 50 ms',
        ],
        ['longest frame while scrolling', ms(thread.maxFrame), ''],
      ]);
      const delivery = await measureDelivery(browser, DELIVERED_MESSAGES);
      console.log('');
      printTable([
        [
          `delivery, patient → therapist (${DELIVERED_MESSAGES.toLocaleString('en-GB')} messages typed)`,
          'value',
        ],
        ['received by the therapist’s page', `${delivery.received} of ${DELIVERED_MESSAGES}`],
        ['latency p50 (sent → in the therapist’s page)', ms(delivery.p50)],
        ['latency p95', ms(delivery.p95)],
        [
          'seen on screen as they came (the view follows the newest)',
          `${delivery.shown} of ${DELIVERED_MESSAGES}`,
        ],
        ['latency p50 (sent → on screen)', ms(delivery.shownP50)],
        ['latency p95 (sent → on screen)', ms(delivery.shownP95)],
        ['time to type them all', ms(delivery.sendMs)],
      ]);
    } finally {
      await browser.close();
    }
    console.log('');
    const rows: Array<Array<string | number>> = [
      ['event streams, one server instance', 'held', 'message delivered to', 'opening', 'delivery'],
    ];
    for (const count of STREAM_COUNTS) {
      const r = await measureStreams(count);
      rows.push([
        `${count.toLocaleString('en-GB')} streams`,
        r.held,
        r.delivered,
        ms(r.openMs),
        ms(r.deliveryMs),
      ]);
    }
    printTable(rows);
  },
};
export default section;
