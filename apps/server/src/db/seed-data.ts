import { randomUUID } from 'node:crypto';
import type { Db } from './index.ts';
import { json } from './index.ts';
import { newEtag } from '../http/etag.ts';
import { seedOnboardingSurvey } from './seed-onboarding.ts';

/**
 * The demo data: fixed ids and e-mails (the identity part creates Firebase accounts with uid = these ids),
 * and 90 days of moments generated from a seeded random source, so every fresh database looks the same.
 */
export const DEMO = {
  password: 'Tend-demo-2026',
  organisations: {
    // accessCode: what people type at sign-up to join (the root also whitelists example.com addresses).
    root: { id: 'org-tend-health', name: 'Tend Health', parentId: null, accessCode: 'TENDHEALTH' },
    child: {
      id: 'org-tend-north',
      name: 'Tend Health North',
      parentId: 'org-tend-health',
      accessCode: 'TENDNORTH',
    },
  },
  client: {
    id: 'demo',
    name: 'Demo Health',
    serviceName: 'Demo Health ID',
    organisationId: 'org-tend-health',
  },
  /** The contact token of the demo client's contact page (callback and check-in requests). */
  contactToken: 'demo-contact-token',
  /** Organisation administrator of the root organisation (a user only: seeded by the identity part). */
  admin: {
    id: 'admin-1',
    email: 'admin@example.com',
    firstName: 'Riley',
    lastName: 'Adams',
    organisationId: 'org-tend-health',
  },
  /**
   * More administrators (users only: seeded by the identity part): the administrator of the child
   * organisation only (who must not reach the root's pages), and the service's operator, an administrator
   * tied to no organisation (a platform administrator: every organisation, and alerts for the public site).
   */
  otherAdmins: [
    {
      id: 'admin-north',
      email: 'admin-north@example.com',
      firstName: 'Casey',
      lastName: 'Quinn',
      organisationId: 'org-tend-north',
    },
    {
      id: 'platform-1',
      email: 'ops@example.com',
      firstName: 'Morgan',
      lastName: 'Reid',
      organisationId: null,
    },
  ],
  /** Data-export tooling account (seeded by the identity part). */
  dataExport: {
    id: 'data-export-1',
    email: 'data-export@example.com',
    firstName: 'Data',
    lastName: 'Export',
  },
  therapists: [
    {
      id: 'therapist-1',
      email: 'therapist@example.com',
      firstName: 'Alex',
      lastName: 'Morgan',
      organisationId: 'org-tend-health',
      timezone: 'Europe/London',
    },
    {
      id: 'therapist-2',
      email: 'therapist2@example.com',
      firstName: 'Priya',
      lastName: 'Shah',
      organisationId: 'org-tend-health',
      timezone: 'Europe/Dublin',
    },
    {
      id: 'therapist-3',
      email: 'therapist3@example.com',
      firstName: 'Jonas',
      lastName: 'Berg',
      organisationId: 'org-tend-north',
      timezone: 'Europe/Oslo',
    },
  ],
  patients: [
    ['patient-01', 'patient@example.com', 'Sam', 'Taylor'],
    ['patient-02', 'mfa-email@example.com', 'Jordan', 'Lee'],
    ['patient-03', 'patient3@example.com', 'Maya', 'Patel'],
    ['patient-04', 'patient4@example.com', 'Oliver', 'Hughes'],
    ['patient-05', 'patient5@example.com', 'Amara', 'Okafor'],
    ['patient-06', 'patient6@example.com', 'Lucas', 'Fischer'],
    ['patient-07', 'patient7@example.com', 'Chloe', 'Martin'],
    ['patient-08', 'patient8@example.com', 'Ethan', 'Walsh'],
    ['patient-09', 'patient9@example.com', 'Zara', 'Khan'],
    ['patient-10', 'patient10@example.com', 'Noah', 'Evans'],
    ['patient-11', 'patient11@example.com', 'Isla', 'Murray'],
    ['patient-12', 'patient12@example.com', 'Leo', 'Novak'],
    ['patient-13', 'patient13@example.com', 'Freya', 'Lindqvist'],
    ['patient-14', 'patient14@example.com', 'Kai', 'Nakamura'],
    ['patient-15', 'patient15@example.com', 'Ruby', 'Doyle'],
    ['patient-16', 'patient16@example.com', 'Omar', 'Haddad'],
    ['patient-17', 'patient17@example.com', 'Ella', 'Schmidt'],
    ['patient-18', 'patient18@example.com', 'Finn', 'O’Brien'],
    ['patient-19', 'patient19@example.com', 'Aisha', 'Bello'],
    ['patient-20', 'patient20@example.com', 'Theo', 'Rossi'],
  ].map(([id, email, firstName, lastName], i) => ({
    id: id!,
    email: email!,
    firstName: firstName!,
    lastName: lastName!,
    // The first twelve belong to the root organisation, the rest to its child.
    organisationId: i < 12 ? 'org-tend-health' : 'org-tend-north',
  })),
} as const;

export type DemoData = typeof DEMO;

/** Moment event types the seed writes (the contract's EventType values). */
export const EVENT_TYPES = {
  checkup: 'checkup',
  journal: 'journal',
  automaticThoughts: 'cbt-automatic-thoughts',
  coreBelief: 'cbt-core-belief',
  beingObjective: 'cbt-being-objective',
  cbtEvidence: 'cbt-evidence',
  hotThought: 'cbt-hot-thought',
  unhealthy: 'cbt-unhealthy',
  screening: 'cbt-screening',
  phq9: 'phq9',
  gad7: 'gad7',
  relaxation: 'relaxation',
  activity: 'activity',
  positiveReading: 'positive-reading',
  quiz: 'quiz',
  resilience: 'resilience',
  riskFactor: 'risk-factor',
} as const;

// PHQ-9 and GAD-7 bands: the one model the apps use too.
export { gad7Severity, phq9Severity } from '@tend/domain/screening/model';
import { gad7Severity, phq9Severity } from '@tend/domain/screening/model';

/** mulberry32: a small seeded generator, so the demo data (and the large data set) is the same on every fresh database. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const FEELINGS = [
  'calm',
  'anxious',
  'tired',
  'hopeful',
  'low',
  'content',
  'irritable',
  'grateful',
  'overwhelmed',
  'focused',
];
const ACTIVITIES = [
  'walk',
  'breathing',
  'meditation',
  'reading',
  'call-a-friend',
  'yoga',
  'journalling',
  'cooking',
];
const SITUATIONS = [
  'My manager asked to speak to me tomorrow.',
  'A friend did not reply to my message.',
  'I made a mistake in a report at work.',
  'I have to give a short talk at a meeting.',
  "I was not invited to a colleague's lunch.",
];
const JOURNAL_OPENINGS = [
  'Today started slowly.',
  'Work was busy again.',
  'I met a friend for coffee.',
  'I slept badly last night.',
  'I went for a long walk by the river.',
  'I finally finished the thing I had been putting off.',
  'The morning was hard, the afternoon better.',
  'I spent most of the day at home.',
];
const JOURNAL_MIDDLES = [
  'I noticed my thoughts racing when I checked my e-mails.',
  'I tried the breathing exercise before the meeting and it helped a little.',
  'I felt more patient with myself than last week.',
  'I caught myself assuming the worst about a message.',
  'Talking it through made it feel smaller.',
  'I kept comparing myself to others.',
  'I let myself rest without feeling guilty.',
  'I felt a wave of worry in the evening.',
];
const JOURNAL_CLOSINGS = [
  'Tomorrow I want to get outside early.',
  'I am going to bed earlier tonight.',
  'Small steps.',
  'I will bring this up in my next session.',
  'Grateful for a quiet evening.',
  'Going to try the thought record again.',
];
const AUTOMATIC_THOUGHTS = [
  'They must think I am useless.',
  'I always mess things up.',
  'If I say something, I will embarrass myself.',
  'Nothing is going to change.',
  'Everyone else copes better than me.',
];
const BALANCED_THOUGHTS = [
  'One mistake does not make me useless; I have done good work this month.',
  'I do not know what they think; they were probably busy.',
  'Some things have already changed, even if slowly.',
  'Others struggle too; I only see their outside.',
  'I can say something small and see how it goes.',
];
const CORE_BELIEFS = [
  'I am not good enough.',
  'I am unlovable.',
  'The world is dangerous.',
  'I am a burden.',
];
const DISTORTIONS = [
  'magnification',
  'mind-reading',
  'all-or-nothing',
  'overgeneralising',
  'should-statements',
  'fortune-telling',
  'labelling',
];
const AFFIRMATIONS = [
  'I have got through difficult days before.',
  'My feelings are valid, and they pass.',
  'I am allowed to take things one step at a time.',
  'I deserve kindness, including from myself.',
  'Asking for help is a sign of strength.',
];
const CHAT_LINES = [
  [
    'Hi, I have had a difficult week and wanted to talk.',
    'Thank you for reaching out. What has been the hardest part?',
  ],
  [
    'My sleep has been all over the place.',
    'That sounds tiring. Shall we look at your evening routine together?',
  ],
  ['I tried the thought record you suggested.', 'Well done for trying it. What did you notice?'],
  ['I felt anxious before work again.', 'Let us go through what happened just before the anxiety started.'],
];

const DAY = 86_400_000;

type MomentRow = {
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

function moment(
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

/** Seeds organisations, the demo client, therapists, patients, care teams, 90 days of moments and chats. */
export async function seedCore(db: Db, now = new Date()): Promise<void> {
  const rand = random(20260401);
  const { root, child } = DEMO.organisations;
  const etag = () => randomUUID();
  await db
    .insertInto('organisations')
    .values([
      {
        id: root.id,
        parent_id: null,
        name: root.name,
        details: json({
          name: root.name,
          contactEmail: 'care@tend-health.example',
          phone: '+44 20 7946 0000',
          address: '1 Example Street, London EC1A 1AA',
          country: 'GB',
          timezone: 'Europe/London',
          whitelistedDomains: ['tend-health.example', 'example.com'],
        }),
        app_settings: json({
          chatEnabled: true,
          emergencyChatEnabled: true,
          journalEnabled: true,
          cbtEnabled: true,
          screeningEnabled: true,
          // The response time Tend Health states to its patients.
          responseHours: 24,
          defaultLanguage: 'en-GB',
          idleTimeoutMinutes: 30,
        }),
        subscription: json({
          plan: 'enterprise',
          seats: 500,
          startsAt: new Date(now.getTime() - 180 * DAY).toISOString().slice(0, 10),
          endsAt: new Date(now.getTime() + 365 * DAY).toISOString().slice(0, 10),
        }),
        research_settings: json({
          researchEnabled: true,
          consentRequired: true,
          anonymiseExports: true,
          dataRetentionDays: 1825,
        }),
        enabled: true,
        max_redemptions: 500,
        access_code: root.accessCode,
        etag: etag(),
      },
      {
        id: child.id,
        parent_id: root.id,
        name: child.name,
        // The child overrides a few fields and inherits the rest from its parent.
        details: json({
          name: child.name,
          contactEmail: 'north@tend-health.example',
          timezone: 'Europe/London',
        }),
        app_settings: json({ emergencyChatEnabled: true, idleTimeoutMinutes: 15 }),
        subscription: json({ seats: 100 }),
        research_settings: json({}),
        enabled: true,
        max_redemptions: 100,
        access_code: child.accessCode,
        etag: etag(),
      },
    ])
    .execute();
  await db
    .insertInto('clients')
    .values({
      id: DEMO.client.id,
      name: DEMO.client.name,
      service_name: DEMO.client.serviceName,
      organisation_id: DEMO.client.organisationId,
    })
    .execute();
  await db
    .insertInto('contact_tokens')
    .values({
      token: DEMO.contactToken,
      client_id: DEMO.client.id,
      organisation_id: DEMO.client.organisationId,
      label: 'Demo Health contact page',
    })
    .execute();
  await db
    .insertInto('therapists')
    .values(
      DEMO.therapists.map((t) => ({
        id: t.id,
        organisation_id: t.organisationId,
        email: t.email,
        first_name: t.firstName,
        last_name: t.lastName,
        biography: `${t.firstName} is a BABCP-accredited cognitive behavioural therapist working with anxiety, low mood and sleep difficulties.`,
        timezone: t.timezone,
      })),
    )
    .execute();

  const start = new Date(now.getTime() - 90 * DAY);
  start.setUTCHours(0, 0, 0, 0);
  const highRisk = new Map<string, { at: Date; reason: string; source: string }>();
  const moments: MomentRow[] = [];
  const careTeam: Array<{ patient_id: string; therapist_id: string; role: 'lead' | 'invited' | 'handover' }> =
    [];

  DEMO.patients.forEach((p, index) => {
    const lead =
      p.organisationId === child.id ? 'therapist-3' : index % 2 === 0 ? 'therapist-1' : 'therapist-2';
    careTeam.push({ patient_id: p.id, therapist_id: lead, role: 'lead' });
    if (index % 5 === 0 && p.organisationId === root.id) {
      careTeam.push({
        patient_id: p.id,
        therapist_id: lead === 'therapist-1' ? 'therapist-2' : 'therapist-1',
        role: 'invited',
      });
    }
    // Each patient starts somewhere between mild and severe and mostly improves, with noise.
    const baselinePhq = rand.int(6, 22);
    const baselineGad = rand.int(5, 18);
    const improvement = rand.next() * 0.6 + 0.1;
    const riskDay = index === 3 || index === 14 ? rand.int(30, 80) : -1;
    const engagement = 0.55 + rand.next() * 0.4;
    for (let day = 0; day < 90; day++) {
      const date = new Date(start.getTime() + day * DAY);
      const progress = day / 89;
      // Mood 1 (very low) … 5 (very good), rising as the patient improves.
      const mood = Math.max(
        1,
        Math.min(5, Math.round(2 + progress * improvement * 4 + (rand.next() - 0.5) * 2)),
      );
      if (rand.chance(engagement)) {
        const at = new Date(date.getTime() + rand.int(7, 10) * 3_600_000 + rand.int(0, 59) * 60_000);
        moments.push(
          moment(
            p.id,
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
            p.id,
            EVENT_TYPES.journal,
            {
              title: rand.pick([
                'Evening thoughts',
                'A better day',
                'Hard day',
                'Notes to self',
                'Small wins',
              ]),
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
        moments.push(moment(p.id, EVENT_TYPES[kind], bodies[kind], at, rand.int(5, 15)));
      }
      if (rand.chance(engagement * 0.3)) {
        const at = new Date(date.getTime() + rand.int(8, 21) * 3_600_000);
        const minutes = rand.int(5, 45);
        moments.push(
          moment(
            p.id,
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
            p.id,
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
            p.id,
            EVENT_TYPES.positiveReading,
            { readings: readings.map((text) => ({ text })), feeling: Math.min(5, mood + 1) },
            at,
            3,
          ),
        );
      }
      // Screening every 14 days, following the patient's trajectory.
      if (day % 14 === 0) {
        const at = new Date(date.getTime() + 11 * 3_600_000);
        const phqTarget = baselinePhq * (1 - improvement * progress) + (rand.next() - 0.5) * 3;
        const item9 = riskDay >= 0 && day >= riskDay && day < riskDay + 14 ? rand.int(1, 2) : undefined;
        const phqItems = questionnaire(rand, 9, phqTarget, item9 ?? 0);
        const phqTotal = phqItems.reduce((a, b) => a + b, 0);
        if ((phqItems[8]! > 0 || phqTotal >= 20) && !highRisk.has(p.id)) {
          highRisk.set(p.id, {
            at,
            reason:
              phqItems[8]! > 0 ? `PHQ-9 item 9 answered ${phqItems[8]}` : `PHQ-9 total ${phqTotal} (severe)`,
            source: phqItems[8]! > 0 ? 'phq9-item9' : 'phq9-severe',
          });
        }
        moments.push(
          moment(
            p.id,
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
              p.id,
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
            p.id,
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
            p.id,
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
            p.id,
            EVENT_TYPES.resilience,
            { score, maxScore: 100, band: score < 40 ? 'low' : score < 70 ? 'moderate' : 'high', answers },
            at,
            5,
          ),
        );
        const correct = rand.int(3, 5);
        moments.push(
          moment(
            p.id,
            EVENT_TYPES.quiz,
            { quizId: 'understanding-anxiety', title: 'Understanding anxiety', score: correct, maxScore: 5 },
            new Date(at.getTime() + 15 * 60_000),
            4,
          ),
        );
      }
    }
  });

  await db
    .insertInto('patients')
    .values(
      DEMO.patients.map((p) => ({
        id: p.id,
        organisation_id: p.organisationId,
        email: p.email,
        first_name: p.firstName,
        last_name: p.lastName,
        high_risk: highRisk.has(p.id),
        created_at: start,
      })),
    )
    .execute();
  await db.insertInto('care_team').values(careTeam).execute();
  // The duty rota: Alex Morgan is on duty for both organisations at all times, so a patient who has
  // just joined (no therapist yet) always reaches a named clinician.
  await db
    .insertInto('organisation_duty_shifts')
    .values(
      [DEMO.organisations.root.id, DEMO.organisations.child.id].map((organisationId) => ({
        id: `duty-${organisationId}-${DEMO.therapists[0].id}`,
        organisation_id: organisationId,
        therapist_id: DEMO.therapists[0].id,
        day_of_week: null,
        start_minute: 0,
        end_minute: 1440,
      })),
    )
    .execute();
  // The demo patients have been around for a while: their first-run welcome is behind them.
  await db
    .insertInto('patient_metadata')
    .values(
      DEMO.patients.map((p) => ({
        patient_id: p.id,
        document_id: 'preferences',
        data: json({ firstRun: 'finished' }),
        etag: newEtag(),
        created_at: start,
        updated_at: start,
      })),
    )
    .execute();
  const flagged = [...highRisk];
  if (flagged.length > 0) {
    await db
      .insertInto('patient_risk')
      .values(
        flagged.map(([patientId, f]) => ({
          patient_id: patientId,
          high_risk: true,
          reason: f.reason,
          source: f.source,
          flagged_at: f.at,
          flagged_by: null,
          updated_at: f.at,
        })),
      )
      .execute();
    await db
      .insertInto('risk_events')
      .values(
        flagged.map(([patientId, f]) => ({
          id: randomUUID(),
          patient_id: patientId,
          high_risk: true,
          reason: f.reason,
          source: f.source,
          actor_id: null,
          created_at: f.at,
        })),
      )
      .execute();
  }
  for (let i = 0; i < moments.length; i += 500) {
    await db
      .insertInto('moments')
      .values(moments.slice(i, i + 500))
      .execute();
  }

  // Chats: eight patients have talked with their lead therapist; the last two are still open.
  const sessions = [];
  const messages = [];
  for (let i = 0; i < 8; i++) {
    const p = DEMO.patients[i]!;
    const lead = careTeam.find((c) => c.patient_id === p.id && c.role === 'lead')!.therapist_id;
    const sessionId = randomUUID();
    const opened = new Date(now.getTime() - (20 - i * 2) * DAY);
    const ended = i < 6 ? new Date(opened.getTime() + 45 * 60_000) : null;
    sessions.push({
      id: sessionId,
      patient_id: p.id,
      therapist_id: lead,
      status: ended ? ('ended' as const) : ('active' as const),
      emergency: false,
      transport: 'sse',
      created_at: opened,
      ended_at: ended,
    });
    const lines = CHAT_LINES[i % CHAT_LINES.length]!;
    let t = opened.getTime();
    for (let turn = 0; turn < 3; turn++) {
      for (const [who, body] of [
        [p.id, turn === 0 ? lines[0]! : rand.pick(JOURNAL_MIDDLES)],
        [
          lead,
          turn === 0
            ? lines[1]!
            : rand.pick([
                'That makes sense.',
                'How did that feel?',
                'Let us note that for next time.',
                'You are doing really well to notice that.',
              ]),
        ],
      ] as const) {
        t += rand.int(1, 4) * 60_000;
        messages.push({
          id: randomUUID(),
          session_id: sessionId,
          sender_id: who,
          body,
          created_at: new Date(t),
          edited_at: null,
        });
      }
    }
  }
  await db.insertInto('chat_sessions').values(sessions).execute();
  await db.insertInto('chat_messages').values(messages).execute();
  await seedOnboardingSurvey(db);
}
