import type { ParseKeys } from 'i18next';
import { addPackagePartWords, usePackageTranslation, type I18n } from '@tend/i18n';
import type screening from './screening/locales/en.json';
import type moments from './moments/locales/en.json';
import type crisis from './crisis/locales/en.json';
import type activity from './activity/locales/en.json';
import type progress from './progress/locales/en.json';
import type messageAlerts from './message-alerts/locales/en.json';
import type chat from './chat/locales/en.json';
import type riskAlerts from './risk-alerts/locales/en.json';
import type patientRecord from './patient-record/locales/en.json';
import type therapistProfile from './therapist-profile/locales/en.json';
import type surveys from './surveys/locales/en.json';
import type reports from './reports/locales/en.json';
import type duty from './duty/locales/en.json';
import type intake from './intake/locales/en.json';
import type regions from './regions/locales/en.json';
import type research from './research/locales/en.json';
import type safetyNet from './safety-net/locales/en.json';
import type appointments from './appointments/locales/en.json';

/**
 * @tend/domain's words are one namespace, `domain`, made of one file per subject
 * (`src/<subject>/locales/en.json`, under the subject's name: `domain:screening.bands.mild`). Each subject
 * registers only its own file when its components first render, so an app carries the words of the subjects
 * it uses. Add a subject's file to DomainResources below; the missing-key scanner (`td`) and
 * src/i18n.test.ts check the keys both ways.
 */
export interface DomainResources {
  screening: typeof screening;
  moments: typeof moments;
  crisis: typeof crisis;
  activity: typeof activity;
  progress: typeof progress;
  'message-alerts': typeof messageAlerts;
  chat: typeof chat;
  'risk-alerts': typeof riskAlerts;
  'patient-record': typeof patientRecord;
  'therapist-profile': typeof therapistProfile;
  surveys: typeof surveys;
  reports: typeof reports;
  duty: typeof duty;
  intake: typeof intake;
  regions: typeof regions;
  research: typeof research;
  'safety-net': typeof safetyNet;
  appointments: typeof appointments;
}

export const DOMAIN_NS = 'domain';

declare module '@tend/i18n' {
  interface TendResources {
    domain: DomainResources;
  }
}

/** Adds one subject's English words to the `domain` namespace (idempotent). */
export function registerDomainWords<S extends keyof DomainResources>(
  i18n: I18n,
  subject: S,
  en: DomainResources[S],
): void {
  addPackagePartWords(i18n, DOMAIN_NS, subject, en);
}

/** `td` translates `domain` keys (screening.bands.mild), `t` the common ones. */
export function useDomainTranslation<S extends keyof DomainResources>(subject: S, en: DomainResources[S]) {
  const {
    t,
    tn: td,
    i18n,
  } = usePackageTranslation(DOMAIN_NS, (i18n) => registerDomainWords(i18n, subject, en));
  return { t, td, i18n };
}

/** A key of the `domain` namespace where a key of another namespace is expected (a route title). */
export function domainKey<K extends ParseKeys<'domain'>>(key: K): `domain:${K}` {
  return `${DOMAIN_NS}:${key}` as `domain:${K}`;
}
