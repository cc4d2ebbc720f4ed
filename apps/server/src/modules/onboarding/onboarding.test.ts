import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { as, caller, createCareTestApp } from '../patients/care-test-app.ts';
import { checkAnswers } from './routes.ts';

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createCareTestApp();
  call = caller(t);
});
afterAll(() => t.close());

const submit = (urlSuffix: string, responseData: Record<string, unknown>, user: string | null = 'patient') =>
  call('submitOnboardingSurveyResponse', { method: 'POST', url: `/onboarding-survey/configs/${urlSuffix}/responses`, headers: as(user), payload: { responseData } });

const questions = [
  { id: 'goal', type: 'single-choice', text: 'What brings you here?', required: true, options: ['sleep', 'anxiety', 'mood'] },
  { id: 'sleepHours', type: 'number', text: 'Hours of sleep', min: 0, max: 24 },
  { id: 'topics', type: 'multiple-choice', text: 'Topics', options: ['work', 'family', 'health'] },
  { id: 'ready', type: 'boolean', text: 'Ready to start?', required: true },
  { id: 'energy', type: 'scale', text: 'Energy', min: 1, max: 5 },
  { id: 'notes', type: 'text', text: 'Anything else?' },
];

describe('onboarding survey responses', () => {
  it('answers 404 while no survey is published at the suffix', async () => {
    expect((await submit('welcome', { goal: 'sleep', ready: true })).res.statusCode).toBe(404);
  });

  it('stores a response checked against the survey’s questions', async () => {
    // The surveys module owns this table; the test creates the layout onboarding reads (see survey-lookup.ts).
    await sql`create table if not exists surveys (id text primary key, type text not null, config jsonb not null)`.execute(t.db);
    await sql`insert into surveys (id, type, config) values ('s-1', 'onboarding', ${JSON.stringify({ title: 'Welcome', urlSuffix: 'welcome', questions })}::jsonb), ('s-2', 'feedback', ${JSON.stringify({ title: 'Feedback', urlSuffix: 'feedback', questions })}::jsonb)`.execute(t.db);
    const answers = { goal: 'anxiety', sleepHours: 6.5, topics: ['work', 'health'], ready: true, energy: 3, notes: 'Evenings are hardest.' };
    const { res, body } = await submit('welcome', answers);
    expect(res.statusCode).toBe(201);
    expect(body).toMatchObject({ urlSuffix: 'welcome' });
    const row = await t.db.selectFrom('onboarding_survey_responses').selectAll().where('id', '=', body.responseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ patient_id: 'patient-01', survey_id: 's-1', response_data: answers });
    // Only onboarding surveys take responses here.
    expect((await submit('feedback', { goal: 'sleep', ready: true })).res.statusCode).toBe(404);
  });

  it('refuses answers that do not fit the survey (400 with details.fields), and non-patients', async () => {
    const bad = await submit('welcome', { goal: 'money', sleepHours: 30, topics: ['work', 'work'], energy: 2.5, extra: 'x' });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.body.details.fields).toEqual({
      goal: 'must be one of the options',
      sleepHours: 'must be between 0 and 24',
      topics: 'does not contain unique elements',
      ready: "can't be blank",
      energy: 'must be a whole number',
      extra: 'is not a question of this survey',
    });
    expect((await submit('welcome', { goal: { nested: true } })).res.statusCode).toBe(400);
    expect((await submit('Not_A_Suffix', { goal: 'sleep' })).res.statusCode).toBe(400);
    expect((await submit('welcome', { goal: 'sleep', ready: true }, 'therapist')).res.statusCode).toBe(403);
    expect((await submit('welcome', { goal: 'sleep', ready: true }, null)).res.statusCode).toBe(401);
  });
});

describe('checkAnswers', () => {
  it('accepts blank optional answers and checks types', () => {
    expect(checkAnswers(questions as never, { goal: 'mood', ready: false, notes: '' })).toEqual({});
    expect(checkAnswers(questions as never, { goal: 'mood', ready: 'yes', notes: 5 } as never)).toEqual({ ready: 'must be yes or no', notes: 'must be text' });
  });
});
