import { EVENT_TYPES, gad7Severity, phq9Severity, type random } from '../seed-data.ts';
import { moment, type MomentRow } from './moments.ts';

/** Why a demo patient is flagged high risk (their first PHQ-9 with item 9 above 0 or a severe total). */
export type RiskFlag = { at: Date; reason: string; source: string };

/** Where a patient starts (PHQ-9 and GAD-7 totals), how much they improve, and the day item 9 turns up (-1: never). */
export type Course = { baselinePhq: number; baselineGad: number; improvement: number; riskDay: number };

/**
 * PHQ-9 and GAD-7 item scores (0–3) that add up to about `target` (items spread as evenly as the total
 * allows); `item9` forces PHQ-9 item 9 (thoughts of self-harm).
 */
function questionnaire(
  rand: ReturnType<typeof random>,
  count: number,
  target: number,
  item9?: number,
): number[] {
  const items = Array.from({ length: count }, () => 0);
  let remaining = Math.max(0, Math.min(count * 3, Math.round(target)));
  if (item9 !== undefined && count === 9) {
    items[8] = item9;
    remaining = Math.max(0, remaining - item9);
  }
  let guard = 0;
  while (remaining > 0 && guard++ < 1000) {
    const i = rand.int(0, count - 1);
    if (count === 9 && i === 8 && item9 !== undefined) continue;
    if (items[i]! < 3) {
      items[i]! += 1;
      remaining -= 1;
    }
  }
  return items;
}

/**
 * One day's questionnaires of a patient: PHQ-9 and GAD-7 every 14 days following the patient's course
 * (flagging the first high-risk result in `highRisk`), the CBT suitability screening on the first day, a
 * resilience quiz and a knowledge quiz each month.
 */
export function dayOfQuestionnaires(
  rand: ReturnType<typeof random>,
  patientId: string,
  day: number,
  date: Date,
  progress: number,
  course: Course,
  highRisk: Map<string, RiskFlag>,
): MomentRow[] {
  const { baselinePhq, baselineGad, improvement, riskDay } = course;
  const moments: MomentRow[] = [];
  // Screening every 14 days, following the patient's trajectory.
  if (day % 14 === 0) {
    const at = new Date(date.getTime() + 11 * 3_600_000);
    const phqTarget = baselinePhq * (1 - improvement * progress) + (rand.next() - 0.5) * 3;
    const item9 = riskDay >= 0 && day >= riskDay && day < riskDay + 14 ? rand.int(1, 2) : undefined;
    const phqItems = questionnaire(rand, 9, phqTarget, item9 ?? 0);
    const phqTotal = phqItems.reduce((a, b) => a + b, 0);
    if ((phqItems[8]! > 0 || phqTotal >= 20) && !highRisk.has(patientId)) {
      highRisk.set(patientId, {
        at,
        reason:
          phqItems[8]! > 0 ? `PHQ-9 item 9 answered ${phqItems[8]}` : `PHQ-9 total ${phqTotal} (severe)`,
        source: phqItems[8]! > 0 ? 'phq9-item9' : 'phq9-severe',
      });
    }
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.phq9,
        {
          items: phqItems,
          total: phqTotal,
          severity: phq9Severity(phqTotal),
          difficulty: Math.min(3, Math.floor(phqTotal / 7)),
        },
        at,
        4,
      ),
    );
    if (item9 !== undefined) {
      moments.push(
        moment(
          patientId,
          EVENT_TYPES.riskFactor,
          {
            factors: ['thoughts of self-harm (PHQ-9 item 9)', 'poor sleep'],
            level: 'high',
            notes: 'Flagged from the PHQ-9 result; the care team was told.',
          },
          new Date(at.getTime() + 10 * 60_000),
          2,
        ),
      );
    }
    const gadItems = questionnaire(
      rand,
      7,
      baselineGad * (1 - improvement * progress) + (rand.next() - 0.5) * 3,
    );
    const gadTotal = gadItems.reduce((a, b) => a + b, 0);
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.gad7,
        {
          items: gadItems,
          total: gadTotal,
          severity: gad7Severity(gadTotal),
          difficulty: Math.min(3, Math.floor(gadTotal / 6)),
        },
        new Date(at.getTime() + 5 * 60_000),
        3,
      ),
    );
  }
  // A CBT suitability screening on the first day; a resilience quiz and a knowledge quiz each month.
  if (day === 0) {
    const answers = Array.from({ length: 10 }, () => rand.int(1, 4));
    const score = answers.reduce((a, b) => a + b, 0);
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.screening,
        { answers, score, recommended: score >= 20 },
        new Date(date.getTime() + 10 * 3_600_000),
        6,
      ),
    );
  }
  if (day % 30 === 15) {
    const answers = Array.from({ length: 10 }, () =>
      Math.min(10, Math.round(3 + progress * improvement * 6 + rand.int(0, 3))),
    );
    const score = answers.reduce((a, b) => a + b, 0);
    const at = new Date(date.getTime() + 18 * 3_600_000);
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.resilience,
        { score, maxScore: 100, band: score < 40 ? 'low' : score < 70 ? 'moderate' : 'high', answers },
        at,
        5,
      ),
    );
    const correct = rand.int(3, 5);
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.quiz,
        { quizId: 'understanding-anxiety', title: 'Understanding anxiety', score: correct, maxScore: 5 },
        new Date(at.getTime() + 15 * 60_000),
        4,
      ),
    );
  }
  return moments;
}
