/**
 * The patient timeline benchmark's data: one patient with 10,000 moments of mixed types over about three years.
 *
 * BENCH_DATA: patient `bench-patient@example.com` (uid `bench-patient`, the demo password), organisation Tend
 * Health, on the demo therapist `therapist-1`'s care team (lead), so the therapist console's bench can open
 * the same timeline; a sign-in account in the Auth emulator through the identity hooks.
 */
import { json } from '../../index.ts';
import type { DemoData } from '../../seed.ts';
import { inBatches, type LargeSeedPart } from '../index.ts';

export const BENCH_PATIENT = {
  id: 'bench-patient',
  email: 'bench-patient@example.com',
  firstName: 'Bench',
  lastName: 'Patient',
  organisationId: 'org-tend-health',
};
export const BENCH_MOMENTS = 10_000;
const DAY = 86_400_000;

/** A small seeded generator (the same data on every fresh database). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const phqBand = (t: number) =>
  t <= 4 ? 'minimal' : t <= 9 ? 'mild' : t <= 14 ? 'moderate' : t <= 19 ? 'moderately-severe' : 'severe';
const gadBand = (t: number) => (t <= 4 ? 'minimal' : t <= 9 ? 'mild' : t <= 14 ? 'moderate' : 'severe');

/** The body of the i-th moment: a realistic mix, mostly check-ups, journals and exercises. */
function momentOf(
  i: number,
  next: () => number,
): { type: string; body: Record<string, unknown>; minutes: number } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const r = next();
  const items = (n: number) => Array.from({ length: n }, () => Math.floor(next() * 3));
  if (i % 60 === 0) {
    const scores = items(9).map((s, k) => (k === 8 ? 0 : s));
    const total = scores.reduce((a, b) => a + b, 0);
    return { type: 'phq9', body: { items: scores, total, severity: phqBand(total) }, minutes: 4 };
  }
  if (i % 60 === 1) {
    const scores = items(7);
    const total = scores.reduce((a, b) => a + b, 0);
    return { type: 'gad7', body: { items: scores, total, severity: gadBand(total) }, minutes: 3 };
  }
  if (r < 0.35)
    return {
      type: 'checkup',
      body: {
        mood: 1 + Math.floor(next() * 5),
        energy: 1 + Math.floor(next() * 5),
        feelings: [pick(['calm', 'tired', 'anxious', 'hopeful', 'low'])],
      },
      minutes: 1,
    };
  if (r < 0.5)
    return {
      type: 'journal',
      body: {
        title: `Entry ${i}`,
        text: `A few lines about day ${i}: ${pick(['a walk', 'work was busy', 'saw a friend', 'slept badly', 'felt calmer'])}.`,
      },
      minutes: 8,
    };
  if (r < 0.65)
    return {
      type: 'activity',
      body: {
        activityId: pick(['breathing', 'quiz', 'cbt', 'positive-reading']),
        durationSeconds: 60 + Math.floor(next() * 600),
        completed: true,
      },
      minutes: 5,
    };
  if (r < 0.72) {
    const before = Math.floor(next() * 6);
    return {
      type: 'relaxation',
      body: {
        exercise: 'breathing',
        levelBefore: before,
        levelAfter: Math.min(10, before + 1 + Math.floor(next() * 4)),
        durationSeconds: 60,
      },
      minutes: 2,
    };
  }
  if (r < 0.8)
    return {
      type: 'cbt-automatic-thoughts',
      body: {
        situation: 'A message went unanswered.',
        thoughts: ['They are annoyed with me.'],
        emotions: [{ name: 'Anxious', intensity: 60 }],
        distortions: ['mind-reading'],
        completed: true,
      },
      minutes: 10,
    };
  if (r < 0.85)
    return {
      type: 'cbt-hot-thought',
      body: {
        situation: 'A meeting at work.',
        hotThought: 'I will mess it up.',
        balancedThought: 'I have prepared and I can ask for help.',
        completed: true,
      },
      minutes: 12,
    };
  if (r < 0.9)
    return {
      type: 'positive-reading',
      body: {
        readings: [{ readingId: 'r1', text: 'I am allowed to take things one step at a time.' }],
        feeling: 4,
      },
      minutes: 3,
    };
  if (r < 0.95)
    return {
      type: 'quiz',
      body: {
        quizId: 'understanding-anxiety',
        title: 'Understanding anxiety',
        score: Math.floor(next() * 6),
        maxScore: 5,
      },
      minutes: 4,
    };
  return {
    type: 'cbt-evidence',
    body: {
      thought: 'I always get things wrong.',
      evidenceFor: ['I made a mistake on Monday.'],
      evidenceAgainst: ['My report was praised.'],
      conclusion: 'I sometimes make mistakes, like everyone.',
      completed: true,
    },
    minutes: 9,
  };
}

const part: LargeSeedPart = {
  name: `${BENCH_MOMENTS.toLocaleString('en-GB')} moments of the bench patient (${BENCH_PATIENT.email})`,
  async seed({ db, config, identity, demo }) {
    const now = Date.now();
    const created = new Date(now - 3 * 365 * DAY);
    await db
      .insertInto('patients')
      .values({
        id: BENCH_PATIENT.id,
        organisation_id: BENCH_PATIENT.organisationId,
        email: BENCH_PATIENT.email,
        first_name: BENCH_PATIENT.firstName,
        last_name: BENCH_PATIENT.lastName,
        high_risk: false,
        created_at: created,
        updated_at: created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await db
      .insertInto('care_team')
      .values({
        patient_id: BENCH_PATIENT.id,
        therapist_id: 'therapist-1',
        role: 'lead',
        created_at: created,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // The user row, role and Auth emulator account: the identity part's demo seeding, for this one person.
    await identity?.seed?.({
      db,
      config,
      demo: { ...demo, patients: [BENCH_PATIENT], therapists: [] } as unknown as DemoData,
    });

    const next = random(20261114);
    const span = 3 * 365 * DAY;
    const rows = Array.from({ length: BENCH_MOMENTS }, (_, i) => {
      // Oldest first, spread evenly over three years with a little jitter.
      const start = new Date(
        now - span + Math.floor((i / BENCH_MOMENTS) * span) + Math.floor(next() * 3_600_000),
      );
      const { type, body, minutes } = momentOf(i, next);
      const end = new Date(start.getTime() + minutes * 60_000);
      return {
        id: `bench-${String(i).padStart(5, '0')}`,
        patient_id: BENCH_PATIENT.id,
        event_type: type,
        body: json(body),
        start_at: start,
        end_at: end,
        created_by: BENCH_PATIENT.id,
        created_at: end,
        updated_at: end,
      };
    });
    await db.transaction().execute((trx) =>
      inBatches(rows, 1000, (batch) =>
        trx
          .insertInto('moments')
          .values(batch)
          .onConflict((oc) => oc.column('id').doNothing())
          .execute(),
      ),
    );
  },
};
export default part;
