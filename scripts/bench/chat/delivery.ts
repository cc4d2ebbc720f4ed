/** Delivery between two browsers: messages typed by the patient, when each reaches the therapist's page. */
import type { Browser } from '@playwright/test';
import { submitCode, submitCredentials } from '../../../packages/auth/e2e/portal.ts';
import { freshTotpCode } from '../../../packages/auth/e2e/totp.ts';
import { BENCH_CHAT } from '../../../apps/server/src/db/seed-large/parts/60-chat.ts';
import {
  benchContext,
  PASSWORD,
  percentile,
  signInPatient,
  THERAPIST,
  THERAPIST_APP,
  TOTP_SECRET,
} from './common.ts';

/** 1,000 messages typed by the patient; when each appears in the therapist's conversation. */
export async function measureDelivery(browser: Browser, count: number) {
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
