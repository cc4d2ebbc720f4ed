/**
 * The demo data: fixed ids and e-mails (the identity part creates Firebase accounts with uid = these ids),
 * and the tools its seed (./seed-demo/, which writes 90 days of moments generated from a seeded random
 * source, so every fresh database looks the same) and the large data set share.
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

/** One day in milliseconds. */
export const DAY = 86_400_000;
