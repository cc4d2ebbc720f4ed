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
 *
 * The measures are in ./chat/: thread.ts, delivery.ts, streams.ts (and common.ts, what they share).
 */
import { chromium } from '@playwright/test';
import { measureDelivery } from './chat/delivery.ts';
import { ms } from './chat/common.ts';
import { measureStreams } from './chat/streams.ts';
import { measureThread } from './chat/thread.ts';
import { browserSection, printTable } from './types.ts';

const DELIVERED_MESSAGES = 1000;
const STREAM_COUNTS = [1000, 2000];

export default browserSection(
  'chat',
  'Chat (a 5,000-message thread, delivery between two browsers, event streams per server instance)',
  async (executablePath) => {
    const browser = await chromium.launch({
      executablePath,
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
);
