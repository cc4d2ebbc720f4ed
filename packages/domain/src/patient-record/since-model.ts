/** "Since you last looked", the pure model: what a summary (getSinceLastLook) says, in the order it is shown. */
import type {
  NewMomentCount,
  RiskEventSinceLastLook,
  ScreeningSinceLastLook,
  SinceLastLook,
} from '@tend/api/model';

export interface SinceLastLookView {
  /** Before the therapist's first look: new since they joined the care team. */
  firstLook: boolean;
  /** The instant the summary counts from. */
  since: string;
  /** Whether anything is new (otherwise "Nothing new since …"). */
  news: boolean;
  /** Every moment the patient logged, all kinds together. */
  momentTotal: number;
  moments: NewMomentCount[];
  /** Each screening with which way its total went against the one before (null for the first). */
  screenings: Array<
    ScreeningSinceLastLook & { direction: 'up' | 'down' | 'same' | null; safetyItem: boolean }
  >;
  riskEvents: RiskEventSinceLastLook[];
  /** Flag changes counted but not listed. */
  moreRiskEvents: number;
  newMessages: number;
  unreadMessages: number;
}

export function sinceLastLookView(s: SinceLastLook): SinceLastLookView {
  const momentTotal = s.moments.reduce((n, m) => n + m.count, 0);
  return {
    firstLook: s.lastSeenAt === null,
    since: s.since,
    news: s.hasNew || momentTotal > 0 || s.riskEventCount > 0 || s.messages.new > 0,
    momentTotal,
    moments: s.moments,
    screenings: s.screenings.map((r) => ({
      ...r,
      direction:
        r.delta === null || r.delta === undefined ? null : r.delta > 0 ? 'up' : r.delta < 0 ? 'down' : 'same',
      safetyItem: typeof r.item9 === 'number' && r.item9 > 0,
    })),
    riskEvents: s.riskEvents,
    moreRiskEvents: Math.max(0, s.riskEventCount - s.riskEvents.length),
    newMessages: s.messages.new,
    unreadMessages: s.messages.unread,
  };
}
