import { describe, expect, it } from 'vitest';
import { NOTHING_NEW_SINCE_LAST_LOOK as base, sinceScreening as screening } from './since-model.sample.ts';
import { sinceLastLookView } from './since-model.ts';

describe('since you last looked', () => {
  it('is nothing new when nothing came, and knows a first look', () => {
    expect(sinceLastLookView(base)).toMatchObject({ news: false, firstLook: false, momentTotal: 0 });
    expect(sinceLastLookView({ ...base, lastSeenAt: null }).firstLook).toBe(true);
  });

  it('adds the entries of every kind and counts messages alone as news', () => {
    const view = sinceLastLookView({
      ...base,
      hasNew: true,
      moments: [
        { eventType: 'checkup', count: 2 },
        { eventType: 'journal', count: 1 },
      ],
    });
    expect(view.news).toBe(true);
    expect(view.momentTotal).toBe(3);
    expect(sinceLastLookView({ ...base, messages: { new: 1, unread: 1 } }).news).toBe(true);
    // Unread messages from before the last look are not news by themselves.
    expect(sinceLastLookView({ ...base, messages: { new: 0, unread: 4 } }).news).toBe(false);
  });

  it('says which way each screening went and whether item 9 needs attention', () => {
    const view = sinceLastLookView({
      ...base,
      hasNew: true,
      screenings: [
        screening({ momentId: 'a', delta: 8 }),
        screening({ momentId: 'b', delta: -2, change: 'no-reliable-change', item9: 2 }),
        screening({ momentId: 'c', delta: 0, change: 'no-reliable-change' }),
        screening({
          momentId: 'd',
          type: 'gad7',
          item9: null,
          previousTotal: null,
          previousBand: null,
          change: null,
          delta: null,
        }),
      ],
    });
    expect(view.screenings.map((s) => [s.momentId, s.direction, s.safetyItem])).toEqual([
      ['a', 'up', false],
      ['b', 'down', true],
      ['c', 'same', false],
      ['d', null, false],
    ]);
  });

  it('counts the flag changes it does not list', () => {
    const event = {
      at: '2026-11-25T10:00:00.000Z',
      highRisk: true,
      source: 'phq9-item9' as const,
      reason: null,
    };
    const view = sinceLastLookView({ ...base, hasNew: true, riskEvents: [event, event], riskEventCount: 5 });
    expect(view.news).toBe(true);
    expect(view.moreRiskEvents).toBe(3);
  });
});
