import { describe, expect, it } from 'vitest';
import { operate } from '../../../test/operate.ts';
import { useAdminTestApp } from '../organisations/test-support.ts';
import { rowsWhere } from '../../../test/helpers.ts';

const t = useAdminTestApp();
const op = operate(t);

const config = (urlSuffix: string, title = 'Welcome') => ({
  title,
  urlSuffix,
  description: 'A few questions to get started.',
  questions: [
    {
      id: 'goal',
      type: 'single-choice',
      text: 'What brings you here?',
      required: true,
      options: ['sleep', 'anxiety'],
    },
    { id: 'energy', type: 'scale', text: 'Energy', min: 1, max: 5 },
  ],
});
const create = (user: string | null, payload: unknown) =>
  op(user, 'createSurvey', { payload: payload as object });
/** The survey operations as that caller, on the survey of that id. */
const listSurveys = (user: string, query: Record<string, string> = {}) => op(user, 'listSurveys', { query });
const getConfig = (user: string, surveyId: string) => op(user, 'getSurveyConfig', { params: { surveyId } });
const updateConfig = (user: string, surveyId: string, payload: object, etag?: string) =>
  op(user, 'updateSurveyConfig', { params: { surveyId }, payload, headers: etag ? { etag } : {} });
const listOrganisations = (user: string, surveyId: string) =>
  op(user, 'listSurveyOrganisations', { params: { surveyId } });
const setOrganisations = (user: string, surveyId: string, organisations: string[]) =>
  op(user, 'setSurveyOrganisations', { params: { surveyId }, payload: { organisations } });
const deleteSurvey = (user: string, surveyId: string) => op(user, 'deleteSurvey', { params: { surveyId } });
const sessionsOf = (user: string | null) => op(user, 'listSurveySessions');

describe('surveys', () => {
  let surveyId = '';

  it('creates a survey with its first config; urlSuffix unique; organisations must be administered', async () => {
    const res = await create('admin', {
      type: 'onboarding',
      config: config('welcome'),
      organisations: ['org-tend-north'],
    });
    expect(res.res.statusCode).toBe(201);
    expect(res.body).toMatchObject({
      type: 'onboarding',
      title: 'Welcome',
      urlSuffix: 'welcome',
      organisations: ['org-tend-north'],
      responseCount: 0,
    });
    surveyId = res.body.surveyId;
    const dup = await create('admin', { type: 'feedback', config: config('welcome') });
    expect(dup.res.statusCode).toBe(409);
    expect(dup.body.code).toBe('url_suffix_in_use');
    expect(
      (
        await create('otherAdmin', {
          type: 'feedback',
          config: config('other'),
          organisations: ['org-tend-health'],
        })
      ).res.statusCode,
    ).toBe(403);
    expect((await create('patient', { type: 'feedback', config: config('p') })).res.statusCode).toBe(403);
    expect((await create(null, { type: 'feedback', config: config('p') })).res.statusCode).toBe(401);
    expect((await create('admin', { type: 'poll', config: config('p') })).res.statusCode).toBe(400);
    expect(
      (await create('admin', { type: 'feedback', config: { ...config('p'), questions: [] } })).res.statusCode,
    ).toBe(400);
    const inconsistent = await create('admin', {
      type: 'feedback',
      config: {
        ...config('q'),
        questions: [
          { id: 'a', type: 'single-choice', text: 'A', options: ['x'] },
          { id: 'a', type: 'scale', text: 'B', min: 5, max: 1 },
        ],
      },
    });
    expect(inconsistent.res.statusCode).toBe(400);
    expect(inconsistent.body.details.fields).toMatchObject({
      'config/questions/0/options': expect.any(String),
      'config/questions/1/id': expect.any(String),
      'config/questions/1/max': expect.any(String),
    });
  });

  it('lists visible surveys 25 a page with a startAfter cursor', async () => {
    for (let i = 0; i < 26; i += 1) {
      expect(
        (
          await create('admin', {
            type: 'feedback',
            config: config(`feedback-${i}`, `Feedback ${i}`),
            organisations: ['org-tend-health'],
          })
        ).res.statusCode,
      ).toBe(201);
    }
    const first = await listSurveys('admin');
    expect(first.res.statusCode).toBe(200);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0].surveyId).toBe(surveyId);
    const second = await listSurveys('admin', { startAfter: first.body.startAfter });
    expect(second.body.items.map((s: { title: string }) => s.title)).toEqual(['Feedback 24', 'Feedback 25']);
    expect(second.body.startAfter).toBeNull();
    expect((await listSurveys('otherAdmin')).body.items).toEqual([]);
    expect((await listSurveys('northAdmin')).body.items.map((s: { surveyId: string }) => s.surveyId)).toEqual(
      [surveyId],
    );
    expect((await listSurveys('admin', { startAfter: 'garbage' })).res.statusCode).toBe(400);
    expect((await listSurveys('therapist')).res.statusCode).toBe(403);
  });

  it('reads and replaces the config with its ETag; stale or missing answers 412 and keeps it', async () => {
    const read = await getConfig('admin', surveyId);
    expect(read.res.statusCode).toBe(200);
    expect(read.res.headers.etag).toBe(read.body.etag);
    expect(read.body).toMatchObject(config('welcome'));
    expect((await getConfig('otherAdmin', surveyId)).res.statusCode).toBe(404);
    expect((await getConfig('admin', 'nope')).res.statusCode).toBe(404);
    expect((await getConfig('admin', 'x'.repeat(65))).res.statusCode).toBe(400);
    expect((await listOrganisations('admin', 'x'.repeat(65))).res.statusCode).toBe(400);
    expect((await listOrganisations('patient', surveyId)).res.statusCode).toBe(403);

    const next = { ...config('welcome', 'Welcome to Tend') };
    const missing = await updateConfig('admin', surveyId, next);
    expect(missing.res.statusCode).toBe(412);
    expect(missing.body.details.current.title).toBe('Welcome');
    const ok = await updateConfig('admin', surveyId, { ...next, etag: read.body.etag }, read.body.etag);
    expect(ok.res.statusCode).toBe(200);
    expect(ok.body.title).toBe('Welcome to Tend');
    const stale = await updateConfig('admin', surveyId, config('welcome', 'Lost'), read.body.etag);
    expect(stale.res.statusCode).toBe(412);
    expect(stale.body).toMatchObject({ code: 'etag_mismatch', details: { currentEtag: ok.body.etag } });
    const taken = await updateConfig('admin', surveyId, config('feedback-1'), ok.body.etag);
    expect(taken.res.statusCode).toBe(409);
    // northAdmin sees it (offered to north) and, administering every organisation offering it, may change it
    const byNorth = await updateConfig(
      'northAdmin',
      surveyId,
      config('welcome', 'North welcome'),
      ok.body.etag,
    );
    expect(byNorth.res.statusCode).toBe(200);
    expect(
      (await updateConfig('otherAdmin', surveyId, config('welcome'), byNorth.body.etag)).res.statusCode,
    ).toBe(404);
    expect((await updateConfig('admin', surveyId, { title: 'x' }, byNorth.body.etag)).res.statusCode).toBe(
      400,
    );
  });

  it('sets organisations among those administered; patients see the surveys of their organisation chain', async () => {
    const set = await setOrganisations('admin', surveyId, ['org-tend-health', 'org-tend-north']);
    expect(set.body).toEqual({ organisations: ['org-tend-health', 'org-tend-north'] });
    expect((await setOrganisations('northAdmin', surveyId, ['org-tend-health'])).res.statusCode).toBe(403);
    const north = await setOrganisations('northAdmin', surveyId, []);
    expect(north.body).toEqual({ organisations: [] });
    // the link northAdmin does not run is kept
    expect((await listOrganisations('admin', surveyId)).body).toEqual({ organisations: ['org-tend-health'] });
    expect((await listOrganisations('otherAdmin', surveyId)).res.statusCode).toBe(404);
    expect((await setOrganisations('admin', surveyId, ['bad id!'])).res.statusCode).toBe(400);
    expect(
      (await setOrganisations('admin', surveyId, ['org-tend-north', 'org-tend-north'])).res.statusCode,
    ).toBe(400);

    // patient-13 belongs to north, a child of health: the survey offered to health reaches them
    await t.db
      .insertInto('onboarding_survey_responses')
      .values({
        id: 'r-1',
        patient_id: 'patient-01',
        url_suffix: 'welcome',
        survey_id: surveyId,
        response_data: '{}',
        completed_at: new Date('2026-01-02T03:04:05Z'),
      })
      .execute();
    const sessions = await sessionsOf('patient');
    expect(sessions.res.statusCode).toBe(200);
    const welcome = sessions.body.items.find((s: { surveyId: string }) => s.surveyId === surveyId);
    expect(welcome).toMatchObject({
      surveyId,
      title: 'North welcome',
      urlSuffix: 'welcome',
      type: 'onboarding',
      completedAt: '2026-01-02T03:04:05.000Z',
    });
    // The config the patient answers, as stored, without the editor's etag.
    expect(welcome.config).toMatchObject({ title: 'North welcome', urlSuffix: 'welcome' });
    expect(welcome.config.questions.length).toBeGreaterThan(0);
    expect(welcome.config).not.toHaveProperty('etag');
    expect(sessions.body.items).toHaveLength(27);
    const other = await sessionsOf('elsewherePatient');
    expect(other.body.items).toEqual([]);
    expect((await sessionsOf('admin')).res.statusCode).toBe(403);
    expect((await sessionsOf(null)).res.statusCode).toBe(401);
  });

  it('deletes a survey it manages (responses kept)', async () => {
    expect((await deleteSurvey('northAdmin', surveyId)).res.statusCode).toBe(404);
    expect((await deleteSurvey('otherAdmin', surveyId)).res.statusCode).toBe(404);
    expect((await deleteSurvey('admin', 'x'.repeat(65))).res.statusCode).toBe(400);
    const res = await deleteSurvey('admin', surveyId);
    expect(res.res.statusCode).toBe(204);
    expect(await rowsWhere(t.db, 'surveys', { id: surveyId })).toEqual([]);
    expect(await rowsWhere(t.db, 'survey_organisations', { survey_id: surveyId })).toEqual([]);
    expect(await rowsWhere(t.db, 'onboarding_survey_responses', { id: 'r-1' })).toHaveLength(1);
    expect((await deleteSurvey('admin', surveyId)).res.statusCode).toBe(404);
  });

  it('a visible survey the admin may not manage answers 403', async () => {
    const res = await create('admin', {
      type: 'research',
      config: config('shared'),
      organisations: ['org-tend-health', 'org-tend-north'],
    });
    expect((await deleteSurvey('northAdmin', res.body.surveyId)).res.statusCode).toBe(403);
  });

  it('a patient answers a survey offered to their organisation chain; answers are checked; the session shows it done', async () => {
    const made = await create('admin', {
      type: 'wellbeing',
      config: {
        title: 'How are you?',
        urlSuffix: 'how-are-you',
        questions: [
          { id: 'mood', type: 'scale', text: 'Mood', min: 1, max: 5, required: true },
          { id: 'note', type: 'text', text: 'Anything else?' },
        ],
      },
      organisations: ['org-tend-health'],
    });
    const surveyId = made.body.surveyId as string;
    const submit = (user: string | null, payload: object, id = surveyId) =>
      op(user, 'submitSurveyResponse', { params: { surveyId: id }, payload });
    const answer = (user: string | null, responseData: object) => submit(user, { responseData });
    const bad = await answer('patient', { mood: 9, extra: 'x' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.body.details.fields).toMatchObject({ mood: expect.any(String), extra: expect.any(String) });
    expect((await answer('patient', { note: 'fine' })).res.statusCode).toBe(400);
    const ok = await answer('patient', { mood: 4, note: 'Slept better' });
    expect(ok.res.statusCode).toBe(201);
    expect(ok.body).toMatchObject({
      surveyId,
      responseId: expect.any(String),
      completedAt: expect.any(String),
    });
    const sessions = await sessionsOf('patient');
    expect(sessions.body.items.find((s: { surveyId: string }) => s.surveyId === surveyId)).toMatchObject({
      type: 'wellbeing',
      completedAt: ok.body.completedAt,
    });
    // answered again: a new response, the latest is the session's
    expect((await answer('patient', { mood: 2 })).res.statusCode).toBe(201);
    expect(await rowsWhere(t.db, 'onboarding_survey_responses', { survey_id: surveyId })).toHaveLength(2);
    // not offered to a patient elsewhere, unknown surveys alike; only patients answer
    expect((await answer('elsewherePatient', { mood: 3 })).res.statusCode).toBe(404);
    expect((await submit('patient', { responseData: {} }, 'nope')).res.statusCode).toBe(404);
    expect((await answer('admin', { mood: 3 })).res.statusCode).toBe(403);
    expect((await answer(null, { mood: 3 })).res.statusCode).toBe(401);
    expect((await submit('patient', { answers: {} })).res.statusCode).toBe(400);
  });
});
