/** The 5,000-message thread in the patient app: first message shown, rows in the DOM, scrolling to the start. */
import type { Browser } from '@playwright/test';
import { median } from '../types.ts';
import { benchContext, signInPatient } from './common.ts';

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

/** First message, rows in the DOM, and scrolling to the first of 5,000 messages. */
export async function measureThread(browser: Browser) {
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
