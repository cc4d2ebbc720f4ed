import { randomUUID } from 'node:crypto';
import { json } from '../index.ts';
import { EVENT_TYPES, type random } from '../seed-data.ts';
import {
  ACTIVITIES,
  AFFIRMATIONS,
  AUTOMATIC_THOUGHTS,
  BALANCED_THOUGHTS,
  CORE_BELIEFS,
  DISTORTIONS,
  FEELINGS,
  JOURNAL_CLOSINGS,
  JOURNAL_MIDDLES,
  JOURNAL_OPENINGS,
  SITUATIONS,
} from './words.ts';

export type MomentRow = {
  id: string;
  patient_id: string;
  event_type: string;
  body: ReturnType<typeof json>;
  start_at: Date;
  end_at: Date;
  created_by: string;
  created_at: Date;
  updated_at: Date;
};

/** A moment the patient wrote themselves, `minutes` long from `start`. */
export function moment(
  patientId: string,
  eventType: string,
  body: Record<string, unknown>,
  start: Date,
  minutes: number,
): MomentRow {
  const end = new Date(start.getTime() + minutes * 60_000);
  return {
    id: randomUUID(),
    patient_id: patientId,
    event_type: eventType,
    body: json(body),
    start_at: start,
    end_at: end,
    created_by: patientId,
    created_at: end,
    updated_at: end,
  };
}

/**
 * One day's exercises of a patient, each by chance (as likely as the patient is engaged): a check-up at
 * the day's mood, a journal entry, a CBT exercise, an activity, a relaxation, a positive reading.
 */
export function dayOfExercises(
  rand: ReturnType<typeof random>,
  patientId: string,
  date: Date,
  mood: number,
  engagement: number,
): MomentRow[] {
  const moments: MomentRow[] = [];
  if (rand.chance(engagement)) {
    const at = new Date(date.getTime() + rand.int(7, 10) * 3_600_000 + rand.int(0, 59) * 60_000);
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.checkup,
        {
          mood,
          energy: Math.max(1, Math.min(5, mood + rand.int(-1, 1))),
          sleep: rand.int(1, 5),
          anxiety: Math.max(1, Math.min(5, 6 - mood + rand.int(-1, 1))),
          feelings: [rand.pick(FEELINGS), rand.pick(FEELINGS)].filter((f, i, a) => a.indexOf(f) === i),
          ...(rand.chance(0.3) ? { note: rand.pick(JOURNAL_MIDDLES) } : {}),
        },
        at,
        2,
      ),
    );
  }
  if (rand.chance(engagement * 0.35)) {
    const at = new Date(date.getTime() + rand.int(19, 22) * 3_600_000);
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.journal,
        {
          title: rand.pick(['Evening thoughts', 'A better day', 'Hard day', 'Notes to self', 'Small wins']),
          text: `${rand.pick(JOURNAL_OPENINGS)} ${rand.pick(JOURNAL_MIDDLES)} ${rand.pick(JOURNAL_CLOSINGS)}`,
        },
        at,
        rand.int(5, 20),
      ),
    );
  }
  if (rand.chance(engagement * 0.2)) {
    const at = new Date(date.getTime() + rand.int(12, 18) * 3_600_000);
    const k = rand.int(0, AUTOMATIC_THOUGHTS.length - 1);
    const kind = rand.pick([
      'automaticThoughts',
      'beingObjective',
      'cbtEvidence',
      'hotThought',
      'coreBelief',
      'unhealthy',
    ] as const);
    const before = rand.int(60, 95);
    const after = Math.max(10, before - rand.int(10, 45));
    const feeling = rand.pick(FEELINGS);
    const situation = rand.pick(SITUATIONS);
    const bodies = {
      automaticThoughts: {
        situation,
        thoughts: [AUTOMATIC_THOUGHTS[k]!],
        emotions: [{ name: feeling, intensity: before }],
        distortions: [rand.pick(DISTORTIONS)],
      },
      beingObjective: {
        situation,
        subjectiveView: AUTOMATIC_THOUGHTS[k]!,
        objectiveView: BALANCED_THOUGHTS[k]!,
      },
      cbtEvidence: {
        thought: AUTOMATIC_THOUGHTS[k]!,
        evidenceFor: ['I made a mistake in the report.'],
        evidenceAgainst: ['My manager thanked me last week.', 'I fixed the mistake quickly.'],
        conclusion: BALANCED_THOUGHTS[k]!,
      },
      hotThought: {
        situation,
        hotThought: AUTOMATIC_THOUGHTS[k]!,
        emotionsBefore: [{ name: feeling, intensity: before }],
        evidenceFor: 'It has happened before.',
        evidenceAgainst: 'Most of the time it went fine, and people were kind about it.',
        balancedThought: BALANCED_THOUGHTS[k]!,
        emotionsAfter: [{ name: feeling, intensity: after }],
      },
      coreBelief: {
        belief: rand.pick(CORE_BELIEFS),
        strengthBefore: before,
        evidenceFor: 'I sometimes struggle with things others find easy.',
        evidenceAgainst: 'People I care about rely on me and tell me so.',
        newBelief: 'I am doing my best, and that is enough.',
        strengthAfter: after,
      },
      unhealthy: {
        patterns: [...new Set([rand.pick(DISTORTIONS), rand.pick(DISTORTIONS)])],
        situation,
        thought: AUTOMATIC_THOUGHTS[k]!,
        reframe: BALANCED_THOUGHTS[k]!,
      },
    };
    moments.push(moment(patientId, EVENT_TYPES[kind], bodies[kind], at, rand.int(5, 15)));
  }
  if (rand.chance(engagement * 0.3)) {
    const at = new Date(date.getTime() + rand.int(8, 21) * 3_600_000);
    const minutes = rand.int(5, 45);
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.activity,
        { activityId: rand.pick(ACTIVITIES), durationSeconds: minutes * 60, completed: true },
        at,
        minutes,
      ),
    );
  }
  if (rand.chance(engagement * 0.15)) {
    const at = new Date(date.getTime() + rand.int(20, 23) * 3_600_000);
    // 0 tense … 10 fully relaxed: the exercise helps.
    const levelBefore = rand.int(1, 6);
    const minutes = rand.int(5, 15);
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.relaxation,
        {
          exercise: rand.pick(['breathing', 'body-scan', 'muscle-relaxation']),
          levelBefore,
          levelAfter: Math.min(10, levelBefore + rand.int(1, 4)),
          durationSeconds: minutes * 60,
        },
        at,
        minutes,
      ),
    );
  }
  if (rand.chance(engagement * 0.12)) {
    const at = new Date(date.getTime() + rand.int(7, 9) * 3_600_000);
    const readings = [rand.pick(AFFIRMATIONS), rand.pick(AFFIRMATIONS)].filter(
      (r, i, a) => a.indexOf(r) === i,
    );
    moments.push(
      moment(
        patientId,
        EVENT_TYPES.positiveReading,
        { readings: readings.map((text) => ({ text })), feeling: Math.min(5, mood + 1) },
        at,
        3,
      ),
    );
  }
  return moments;
}
