import type { ScreeningSinceLastLook, SinceLastLook } from '@tend/api/model';

/**
 * A "since you last looked" summary of a week in which nothing came, for the tests of the model and of the
 * therapist's record page: each spreads it and sets what its case needs.
 */
export const NOTHING_NEW_SINCE_LAST_LOOK: SinceLastLook = {
  patientId: 'p1',
  lastSeenAt: '2026-11-20T09:00:00.000Z',
  since: '2026-11-20T09:00:00.000Z',
  until: '2026-11-27T09:00:00.000Z',
  hasNew: false,
  moments: [],
  screenings: [],
  riskEvents: [],
  riskEventCount: 0,
  messages: { new: 0, unread: 0 },
};

/** A PHQ-9 in that week that got reliably worse (4, minimal, to 12, moderate), with `over` set on top. */
export const sinceScreening = (over: Partial<ScreeningSinceLastLook> = {}): ScreeningSinceLastLook => ({
  momentId: 'm1',
  type: 'phq9',
  at: '2026-11-25T10:00:00.000Z',
  total: 12,
  band: 'moderate',
  item9: 0,
  previousTotal: 4,
  previousBand: 'minimal',
  change: 'reliable-deterioration',
  delta: 8,
  reliableRecovery: false,
  ...over,
});
