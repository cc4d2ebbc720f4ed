import type { RiskSummary } from '@tend/api/model';

/**
 * A patient's risk summary with no flag and no screening yet, with `r` set on top: for the tests of the
 * caseload's model and of the therapist console's caseload page.
 */
export const sampleRisk = (r: Partial<RiskSummary> = {}): RiskSummary => ({
  highRisk: false,
  reason: null,
  flaggedAt: null,
  latestPhq9Total: null,
  latestGad7Total: null,
  latestPhq9Item9: null,
  ...r,
});
