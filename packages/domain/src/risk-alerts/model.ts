/** Pure helpers over high-risk alerts and a patient's risk history. */
import type {
  RiskAlert,
  RiskAlertPage,
  RiskHistoryEntry,
  RiskHistoryPage,
  RiskSource,
} from '@tend/api/model';
import { nextCursor, nextSkip, uniqueBy } from '../caseload/model.ts';

export const RISK_SOURCES = [
  'phq9-item9',
  'phq9-severe',
  'gad7-severe',
  'notify',
  'therapist',
  'risk-factor-self-harm',
] as const satisfies readonly RiskSource[];

/** How often the console asks for new alerts while it is open (and on focus): at most 30 s, as promised. */
export const ALERTS_POLL_MS = 20_000;

export type AlertStatus = 'unacknowledged' | 'acknowledged' | 'all';

/** The `skip` of the next page of a patient's risk history (an offset list), or undefined at the end. */
export const nextPage = nextSkip;

/** The keyset cursor of the next page of alerts, or undefined at the end. */
export const nextAlertsPage = nextCursor;

export const alertsOf = (pages: readonly RiskAlertPage[] | undefined): RiskAlert[] =>
  uniqueBy(pages, (a) => a.alertId);
export const historyOf = (pages: readonly RiskHistoryPage[] | undefined): RiskHistoryEntry[] =>
  uniqueBy(pages, (e) => e.entryId);

/**
 * A page of a cached alert list after `alert` was acknowledged: replaced by the answer where the list shows
 * acknowledged alerts, removed from the open list; the open count goes down once.
 */
export function afterAcknowledged(
  page: RiskAlertPage,
  alert: RiskAlert,
  status: AlertStatus,
  wasOpen: boolean,
): RiskAlertPage {
  const had = page.items.some((a) => a.alertId === alert.alertId);
  const items =
    status === 'unacknowledged'
      ? page.items.filter((a) => a.alertId !== alert.alertId)
      : page.items.map((a) => (a.alertId === alert.alertId ? alert : a));
  return {
    ...page,
    items,
    total: status === 'unacknowledged' && had ? Math.max(0, page.total - 1) : page.total,
    unacknowledged: wasOpen ? Math.max(0, page.unacknowledged - 1) : page.unacknowledged,
  };
}

/** "Alex Morgan" of a care-team member (or the empty string). */
export function memberName(member: { firstName: string; lastName: string } | null | undefined): string {
  return member ? `${member.firstName} ${member.lastName}`.trim() : '';
}
