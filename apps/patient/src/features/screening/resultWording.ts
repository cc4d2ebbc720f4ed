import type { ScreeningResult } from '@tend/domain/screening';

type Severity = ScreeningResult['severity'];

/**
 * What the result screen says under the score. With PHQ-9 item 9 above 0 the safety message comes first and
 * the band's words never reassure: a minimal or mild total gets words that say the answer about self-harm
 * matters more than the total (never "few or no symptoms … keep doing what helps you"); the higher bands
 * already ask the person to talk to someone and keep their words.
 */
export function resultWording(
  severity: Severity,
  safety: boolean,
): {
  safetyFirst: boolean;
  explainKey: `screening.explain.${Severity}` | `screening.explainSafety.${'minimal' | 'mild'}`;
} {
  if (safety && (severity === 'minimal' || severity === 'mild'))
    return { safetyFirst: true, explainKey: `screening.explainSafety.${severity}` };
  return { safetyFirst: safety, explainKey: `screening.explain.${severity}` };
}
