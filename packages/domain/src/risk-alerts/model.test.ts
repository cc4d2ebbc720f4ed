import { describe, expect, it } from 'vitest';
import type { RiskAlert, RiskAlertPage } from '@tend/api/model';
import { afterAcknowledged, alertsOf, memberName, nextPage } from './model.ts';

const alert = (id: string, acknowledgedAt: string | null = null): RiskAlert => ({
  alertId: id,
  patientId: `p-${id}`,
  firstName: 'Sam',
  lastName: 'Taylor',
  reason: 'PHQ-9 item 9 (thoughts of self-harm) answered 1 of 3.',
  source: 'phq9-item9',
  createdAt: '2026-11-23T09:00:00Z',
  acknowledgedAt,
  acknowledgedBy: acknowledgedAt ? { therapistId: 't1', firstName: 'Alex', lastName: 'Morgan' } : null,
  note: null,
  highRisk: true,
});
const page = (
  items: RiskAlert[],
  total = items.length,
  unacknowledged = items.filter((a) => !a.acknowledgedAt).length,
): RiskAlertPage => ({ items, skip: 0, limit: 50, total, unacknowledged });

describe('alert lists', () => {
  it('pages on until the total is loaded, each alert once', () => {
    expect(nextPage({ skip: 0, items: [alert('a')], total: 2 })).toBe(1);
    expect(nextPage({ skip: 1, items: [alert('b')], total: 2 })).toBeUndefined();
    expect(nextPage({ skip: 0, items: [], total: 3 })).toBeUndefined();
    expect(
      alertsOf([page([alert('a'), alert('b')]), page([alert('b'), alert('c')])]).map((a) => a.alertId),
    ).toEqual(['a', 'b', 'c']);
  });

  it('after an acknowledgement: gone from the open list, replaced elsewhere, the open count down once', () => {
    const done = alert('a', '2026-11-23T09:05:00Z');
    const open = afterAcknowledged(page([alert('a'), alert('b')]), done, 'unacknowledged', true);
    expect(open.items.map((a) => a.alertId)).toEqual(['b']);
    expect([open.total, open.unacknowledged]).toEqual([1, 1]);
    const all = afterAcknowledged(page([alert('a'), alert('b')]), done, 'all', true);
    expect(all.items[0]).toBe(done);
    expect([all.total, all.unacknowledged]).toEqual([2, 1]);
    // Acknowledged before (a second click): counts stay.
    const again = afterAcknowledged(page([done, alert('b')], 2, 1), done, 'all', false);
    expect(again.unacknowledged).toBe(1);
    // A page that does not hold it keeps its total.
    expect(afterAcknowledged(page([alert('b')], 3, 3), done, 'unacknowledged', true)).toMatchObject({
      total: 3,
      unacknowledged: 2,
    });
  });

  it('names a care-team member', () => {
    expect(memberName({ firstName: 'Alex', lastName: 'Morgan' })).toBe('Alex Morgan');
    expect(memberName(null)).toBe('');
  });
});
