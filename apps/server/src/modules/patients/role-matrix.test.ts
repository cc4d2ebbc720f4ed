// The role matrix of the care operations (moments, patient moments, patient, patients, therapist care
// team, onboarding, metadata, rewards, push): every operation called by each of the nine roles, with the
// status each must get. Paths name patient A (patient-01: lead therapist-1, invited therapist-2).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../db/index.ts';
import { listOperations, loadContract } from '../../http/contract.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { PATIENT_A, as, caller, createCareTestApp } from './care-test-app.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createCareTestApp();
  call = caller(t);
  await t.db.insertInto('surveys').values({ id: 's-on', type: 'onboarding', config: json({ title: 'Welcome', urlSuffix: 'welcome', questions: [{ id: 'goal', type: 'text', text: 'Goal?' }] }), etag: '"e"', created_by: null }).execute();
  await t.db.insertInto('survey_organisations').values({ survey_id: 's-on', organisation_id: 'org-tend-health' }).execute();
});
afterAll(() => t.close());

/** anonymous, patient A, patient B, assigned therapist, unassigned therapist, lead, admin of the organisation, admin of another, data-export */
const ROLES = [null, 'patient', 'patient2', 'therapist2', 'therapist3', 'therapist', 'admin', 'otherAdmin', 'dataExport'] as const;
type Role = (typeof ROLES)[number];
const ROLE_NAMES = ['anonymous', 'patient A', 'patient B', 'assigned therapist', 'unassigned therapist', 'lead', 'admin of the organisation', 'admin of another', 'data-export'];
const UID: Record<string, string> = { therapist: 'therapist-1', therapist2: 'therapist-2', therapist3: 'therapist-3' };

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string | ((role: Role) => Promise<string> | string);
  payload?: Record<string, unknown> | ((role: Role) => Record<string, unknown>);
  headers?: Record<string, string>;
  expect: [number, number, number, number, number, number, number, number, number];
}

const P = `/patients/${PATIENT_A}`;
const now = Date.UTC(2026, 0, 5, 10);
const moment = (eventType: string, body: Record<string, unknown>) => () => ({ momentId: randomUUID(), eventType, start: now, end: now + 1000, body });
const patientOnly = (ok: number): Case['expect'] => [401, ok, ok, 403, 403, 403, 403, 403, 403];
const careOf = (ok: number): Case['expect'] => [401, ok, 403, ok, 403, ok, 403, 403, 403];
const therapistSelf = (ok: number): Case['expect'] => [401, 403, 403, ok, ok, ok, 403, 403, 403];
const anySignedIn = (ok: number): Case['expect'] => [401, ok, ok, ok, ok, ok, ok, ok, ok];

async function noteBy(therapistId: string) {
  const id = randomUUID();
  await t.db.insertInto('moments').values({ id, patient_id: PATIENT_A, event_type: 'note', body: sql`'{"text":"n"}'::jsonb`, start_at: new Date(), end_at: new Date(), created_by: therapistId }).execute();
  return id;
}
async function slotOf(role: Role) {
  const id = randomUUID();
  const therapistId = role ? UID[role] : undefined;
  if (therapistId) {
    await t.db.deleteFrom('therapist_availability').where('therapist_id', '=', therapistId).where('day_of_week', '=', 7).execute();
    await t.db.insertInto('therapist_availability').values({ id, therapist_id: therapistId, day_of_week: 7, start_minute: 600, end_minute: 660 }).execute();
  }
  return id;
}
let fileMoment = '';

const CASES: Record<string, Case> = {
  // moments
  addMoment: { method: 'POST', url: '/moments/add?eventType=checkup', payload: moment('checkup', { mood: 3 }), expect: patientOnly(201) },
  addJournalMoment: { method: 'POST', url: '/moments/addJournal?eventType=journal', payload: moment('journal', { text: 'x' }), expect: patientOnly(201) },
  syncMoments: { method: 'POST', url: `/moments/sync?eventType=checkup&startFrom=${now}&endAt=${now + 1}`, payload: () => ({ events: [moment('checkup', { mood: 2 })()] }), expect: patientOnly(200) },
  batchSyncMoments: { method: 'POST', url: '/moments/batch-sync', payload: () => ({ batches: [{ eventType: 'checkup', startFrom: now, endAt: now + 1, events: [moment('checkup', { mood: 2 })()] }] }), expect: patientOnly(200) },
  getMomentBatchTimestamps: { method: 'GET', url: '/moments/batch-timestamps?eventType=checkup', expect: patientOnly(200) },
  getMomentTimestamps: { method: 'GET', url: '/moments/timestamps?eventType=checkup', expect: patientOnly(200) },
  getLatestPositiveReading: { method: 'GET', url: '/moments/latest-positive?mergeReadings=true', expect: patientOnly(200) },
  getLatestRiskFactor: { method: 'GET', url: '/moments/latest-risk-factor', expect: patientOnly(200) },
  getLatestResilience: { method: 'GET', url: '/moments/latest-resilience', expect: patientOnly(200) },
  getLatestQuizResults: { method: 'GET', url: '/moments/latest-quiz-results', expect: patientOnly(200) },
  getLatestScreening: { method: 'GET', url: '/moments/latest-gad-or-phq', expect: patientOnly(200) },
  getLatestUnhealthyThinking: { method: 'GET', url: '/moments/latest-unhealthy', expect: patientOnly(200) },
  listLatestCoreBeliefEntries: { method: 'GET', url: '/moments/latest-core-belief-entries', expect: patientOnly(200) },
  listLatestBeingObjectiveEntries: { method: 'GET', url: '/moments/latest-being-objective-entries', expect: patientOnly(200) },
  listLatestAutomaticThoughtsEntries: { method: 'GET', url: '/moments/latest-automatic-thoughts-entries', expect: patientOnly(200) },
  getLatestHotThoughtEntry: { method: 'GET', url: '/moments/latest-hot-thought-exercise-entry', expect: patientOnly(200) },
  getLatestCbtEvidenceEntry: { method: 'GET', url: '/moments/latest-cbt-evidence-entry', expect: patientOnly(200) },
  getLatestCbt: { method: 'GET', url: '/moments/latest-cbt', expect: patientOnly(200) },
  getLatestCheckup: { method: 'GET', url: '/moments/latest-checkup', expect: patientOnly(200) },
  getLatestCbtScreening: { method: 'GET', url: '/moments/latest-cbt-screening', expect: patientOnly(200) },
  getActivityCounters: { method: 'GET', url: '/moments/activity-counters?startTime=0&activityIds=walk', expect: patientOnly(200) },
  getActivityTotals: { method: 'GET', url: '/moments/activity-totals?activityIds=walk', expect: patientOnly(200) },
  listLatestRelaxationLevels: { method: 'GET', url: '/moments/latest-relaxation-levels?count=3', expect: patientOnly(200) },
  listProgressMoments: { method: 'GET', url: '/moments/progress-moments?limit=5', expect: patientOnly(200) },
  listHotThoughtMoments: { method: 'GET', url: '/moments/hot-thought-moments', expect: patientOnly(200) },
  // patient moments
  listPatientMoments: { method: 'GET', url: `${P}/moments?limit=5`, expect: careOf(200) },
  getFileUploadPolicy: { method: 'GET', url: `${P}/moments/file-upload-policy?type=text/plain&fileName=a.txt`, expect: careOf(200) },
  createPatientNote: { method: 'POST', url: `${P}/moments/note?note=Seen`, payload: {}, expect: [401, 403, 403, 201, 403, 201, 403, 403, 403] },
  getMomentContent: { method: 'GET', url: () => `${P}/moments/${fileMoment}/content`, expect: careOf(200) },
  deletePatientNote: { method: 'DELETE', url: async () => `${P}/moments/notes/${await noteBy('therapist-2')}`, expect: [401, 403, 403, 204, 403, 204, 403, 403, 403] },
  // patient
  listMyTherapists: { method: 'GET', url: '/patient/therapists', expect: patientOnly(200) },
  getAccessCode: { method: 'GET', url: '/patient/get-access-code', expect: patientOnly(200) },
  notifyScores: { method: 'POST', url: '/patient/notify?phqScore=3', expect: patientOnly(200) },
  getMyGraph: { method: 'GET', url: '/patient/data/graph?startFrom=0&endAt=1', expect: patientOnly(200) },
  // patients
  getPatient: { method: 'GET', url: P, expect: careOf(200) },
  getPatientGraph: { method: 'GET', url: `${P}/graph`, expect: careOf(200) },
  listEligibleTherapists: { method: 'GET', url: `${P}/eligible-therapists?purpose=invite`, expect: careOf(200) },
  shareDataWithTherapist: { method: 'POST', url: `${P}/share-data/therapist-2`, expect: [401, 200, 403, 403, 403, 403, 403, 403, 403] },
  // onboarding, metadata, rewards, push
  submitOnboardingSurveyResponse: { method: 'POST', url: '/onboarding-survey/configs/welcome/responses', payload: { responseData: { goal: 'Sleep' } }, expect: patientOnly(201) },
  listPatientMetadata: { method: 'GET', url: '/patient-metadata', expect: patientOnly(200) },
  getPatientMetadata: { method: 'GET', url: '/patient-metadata/prefs', expect: patientOnly(200) },
  updatePatientMetadata: { method: 'POST', url: '/patient-metadata/matrix/action/update-metadata', headers: { etag: '*' }, payload: () => ({ metadataChangeList: [{ op: 'set', path: 'a', value: 1 }] }), expect: patientOnly(200) },
  earnReward: { method: 'POST', url: '/rewards/earn', payload: () => ({ isRecommended: false, duration: 60, sessionId: randomUUID() }), expect: patientOnly(200) },
  registerPushToken: { method: 'POST', url: '/push-notifications/register/token-1', expect: anySignedIn(204) },
  unregisterPushToken: { method: 'DELETE', url: '/push-notifications/unregister/token-1', expect: anySignedIn(204) },
  setPushStatus: { method: 'POST', url: '/push-notifications/status', payload: { enabled: true }, expect: anySignedIn(200) },
  // therapist (care team)
  listAssignedPatients: { method: 'GET', url: '/therapist/assigned-patients', expect: therapistSelf(200) },
  setPatientHighRisk: { method: 'PUT', url: `/therapist/assigned-patients/${PATIENT_A}/high-risk`, payload: { highRisk: false }, expect: careOfTherapists(200) },
  isLeadTherapist: { method: 'GET', url: `/therapist/is-lead/${PATIENT_A}`, expect: careOfTherapists(200) },
  getMyTherapistDetails: { method: 'GET', url: '/therapist/details', expect: therapistSelf(200) },
  updateBiography: { method: 'POST', url: '/therapist/biography', payload: { biography: 'CBT.' }, expect: therapistSelf(200) },
  getMyTimezone: { method: 'GET', url: '/therapist/timezone', expect: therapistSelf(200) },
  updateMyTimezone: { method: 'POST', url: '/therapist/timezone', payload: { timezone: 'Europe/London' }, expect: therapistSelf(200) },
  updateTherapistName: { method: 'POST', url: '/therapist/name', payload: { firstName: 'A', lastName: 'B' }, expect: therapistSelf(200) },
  listMyAvailability: { method: 'GET', url: '/therapist/availability', expect: therapistSelf(200) },
  createAvailabilitySlot: { method: 'POST', url: '/therapist/availability', payload: (role) => ({ dayOfWeek: 1, start: `0${ROLES.indexOf(role)}:00`, end: `0${ROLES.indexOf(role)}:30` }), expect: therapistSelf(201) },
  updateAvailabilitySlot: { method: 'PUT', url: '/therapist/availability', payload: () => ({ id: pendingSlot, dayOfWeek: 7, start: '12:00', end: '13:00' }), expect: therapistSelf(200) },
  deleteAvailabilitySlot: { method: 'DELETE', url: async (role) => `/therapist/availability?slotId=${await slotOf(role)}`, expect: therapistSelf(204) },
  getTherapistProfile: { method: 'GET', url: '/therapists/details/therapist-2', expect: [401, 200, 403, 200, 403, 200, 200, 403, 403] },
  getTimezones: { method: 'GET', url: '/therapists/timezones', expect: anySignedIn(200) },
  // Last: it changes the care team.
  dischargePatient: { method: 'DELETE', url: `/therapist/assigned-patients/${PATIENT_A}`, expect: careOfTherapists(204) },
};
function careOfTherapists(ok: number): Case['expect'] {
  return [401, 403, 403, ok, 403, ok, 403, 403, 403];
}
let pendingSlot = '';

describe('role matrix of the care operations', () => {
  beforeAll(async () => {
    const policy = await call('getFileUploadPolicy', { method: 'GET', url: `${P}/moments/file-upload-policy?type=text/plain&fileName=a.txt`, headers: as('patient') });
    await t.app.inject({ method: 'PUT', url: new URL(policy.body.uploadUrl).pathname, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    fileMoment = policy.body.momentId;
    for (const user of ['patient', 'patient2']) {
      await call('updatePatientMetadata', { method: 'POST', url: '/patient-metadata/prefs/action/update-metadata', headers: { ...as(user), etag: '*' }, payload: { metadataChangeList: [{ op: 'set', path: 'a', value: 1 }] } });
    }
  });

  it('covers every operation of these modules', () => {
    const tags = ['moments', 'patient-moments', 'patient', 'patients', 'onboarding', 'metadata', 'rewards', 'push'];
    const chat = new Set(['listChatHistory', 'getChatHistoryByUserId', 'listChatRequests', 'acceptChatRequest', 'listTherapistChats', 'listTherapistChatsV2']);
    const ops = listOperations(loadContract()).filter((o) => tags.includes(o.tags[0] ?? '') || (o.tags[0] === 'therapist' && !chat.has(o.operationId) && !/chat/i.test(o.path)));
    expect(ops.map((o) => o.operationId).sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [operationId, c] of Object.entries(CASES)) {
    it(`${operationId}: ${c.expect.join(' ')}`, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const [i, role] of ROLES.entries()) {
        if (operationId === 'updateAvailabilitySlot') pendingSlot = await slotOf(role);
        const url = typeof c.url === 'function' ? await c.url(role) : c.url;
        const payload = typeof c.payload === 'function' ? c.payload(role) : c.payload;
        const { res } = await call(operationId, { method: c.method, url, headers: { ...as(role), ...(c.headers ?? {}) }, ...(payload ? { payload } : {}) });
        got.push(`${ROLE_NAMES[i]} ${res.statusCode}`);
        want.push(`${ROLE_NAMES[i]} ${c.expect[i]}`);
      }
      expect(got).toEqual(want);
    });
  }
});
