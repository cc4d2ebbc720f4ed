// What a screening says about risk: its answers checked as published (PHQ-9, GAD-7) and the findings that
// raise the patient's flag (a severe total, PHQ-9 item 9 above 0). See risk.ts for the whole.
import { validationError } from '../../http/errors.ts';
import {
  checkResult,
  needsSafetyFlow,
  PHQ9_ITEM9_INDEX,
  SCREENINGS,
  SEVERE_TOTAL,
} from '@tend/domain/screening/model';

export {
  gad7Severity,
  phq9Severity,
  type Gad7Severity,
  type Phq9Severity,
} from '@tend/domain/screening/model';

export const PHQ9_SEVERE = SEVERE_TOTAL.phq9;
export const GAD7_SEVERE = SEVERE_TOTAL.gad7;

export interface ScreeningBody {
  items: number[];
  total: number;
  severity: string;
}

const sum = (items: number[]) => items.reduce((a, b) => a + b, 0);
const NAMES = { phq9: 'PHQ-9', gad7: 'GAD-7' } as const;

/**
 * Checks a PHQ-9 or GAD-7 body against its items with the shared model (@tend/domain/screening): the total
 * must be the sum of the items and the severity the published band of that total (400 `invalid_request`
 * naming the field otherwise). The contract's schema has already checked the item count and ranges.
 */
export function checkScreening(eventType: string, body: unknown, field = 'body'): void {
  if (eventType !== 'phq9' && eventType !== 'gad7') return;
  const b = body as ScreeningBody;
  const problem = checkResult(eventType, b);
  if (!problem) return;
  const count = SCREENINGS[eventType].items;
  if (problem.field === 'items') {
    throw validationError(`A ${NAMES[eventType]} result needs ${count} item scores from 0 to 3.`, {
      fields: { [`${field}.items`]: `must be ${count} integers from 0 to 3` },
    });
  }
  if (problem.field === 'total') {
    throw validationError(
      `The total ${b.total} does not match the items, which add up to ${problem.expected}.`,
      {
        fields: { [`${field}.total`]: `must be ${problem.expected}, the sum of the items` },
      },
    );
  }
  throw validationError(`A total of ${b.total} is in the '${problem.expected}' band, not '${b.severity}'.`, {
    fields: { [`${field}.severity`]: `must be ${problem.expected} for a total of ${b.total}` },
  });
}

export interface RiskFinding {
  source: 'phq9-item9' | 'phq9-severe' | 'gad7-severe' | 'notify' | 'risk-factor-self-harm';
  reason: string;
}

/**
 * What a stored screening result (or a risk-factors self-check with thoughts of self-harm ticked) says about
 * risk (empty when nothing needs a flag).
 */
export function screeningFindings(eventType: string, body: unknown): RiskFinding[] {
  if (eventType === 'risk-factor') {
    return (body as { selfHarmThoughts?: unknown }).selfHarmThoughts === true
      ? [
          {
            source: 'risk-factor-self-harm',
            reason: 'Risk-factors self-check: thoughts of hurting themselves or ending their life ticked.',
          },
        ]
      : [];
  }
  const b = body as Partial<ScreeningBody>;
  if (!Array.isArray(b.items)) return [];
  const total = sum(b.items);
  const findings: RiskFinding[] = [];
  if (eventType === 'phq9') {
    const item9 = b.items[PHQ9_ITEM9_INDEX] ?? 0;
    if (needsSafetyFlow('phq9', b.items)) {
      findings.push({
        source: 'phq9-item9',
        reason: `PHQ-9 item 9 (thoughts of self-harm) answered ${item9} of 3.`,
      });
    }
    if (total >= PHQ9_SEVERE)
      findings.push({ source: 'phq9-severe', reason: `PHQ-9 total ${total} (severe).` });
  } else if (eventType === 'gad7' && total >= GAD7_SEVERE) {
    findings.push({ source: 'gad7-severe', reason: `GAD-7 total ${total} (severe).` });
  }
  return findings;
}
