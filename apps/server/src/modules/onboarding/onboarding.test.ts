import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../db/index.ts';
import type { TestApp } from '../../../test/helpers.ts';
import { careTestApp } from '../patients/care-test-app.ts';
import { checkAnswers } from './routes.ts';

const care = careTestApp();
const { op } = care;
let t: TestApp;
beforeAll(() => ({ t } = care));

const submit = (urlSuffix: string, responseData: Record<string, unknown>, user: string | null = 'patient') =>
  op(user, 'submitOnboardingSurveyResponse', { params: { urlSuffix }, payload: { responseData } });

const questions = [
  {
    id: 'goal',
    type: 'single-choice',
    text: 'What brings you here?',
    required: true,
    options: ['sleep', 'anxiety', 'mood'],
  },
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
    // Surveys are the surveys module's; written here directly. Offered to the root organisation, so to
    // patients of its child too; the feedback survey is not an onboarding one, the other one is offered elsewhere.
    await t.db
      .insertInto('surveys')
      .values([
        {
          id: 's-1',
          type: 'onboarding',
          config: json({ title: 'Welcome', urlSuffix: 'welcome', questions }),
          etag: '"e"',
          created_by: null,
        },
        {
          id: 's-2',
          type: 'feedback',
          config: json({ title: 'Feedback', urlSuffix: 'feedback', questions }),
          etag: '"e"',
          created_by: null,
        },
        {
          id: 's-3',
          type: 'onboarding',
          config: json({ title: 'North only', urlSuffix: 'north-welcome', questions }),
          etag: '"e"',
          created_by: null,
        },
      ])
      .execute();
    await t.db
      .insertInto('survey_organisations')
      .values([
        { survey_id: 's-1', organisation_id: 'org-tend-health' },
        { survey_id: 's-2', organisation_id: 'org-tend-health' },
        { survey_id: 's-3', organisation_id: 'org-tend-north' },
      ])
      .execute();
    const answers = {
      goal: 'anxiety',
      sleepHours: 6.5,
      topics: ['work', 'health'],
      ready: true,
      energy: 3,
      notes: 'Evenings are hardest.',
    };
    const { res, body } = await submit('welcome', answers);
    expect(res.statusCode).toBe(201);
    expect(body).toMatchObject({ urlSuffix: 'welcome' });
    const row = await t.db
      .selectFrom('onboarding_survey_responses')
      .selectAll()
      .where('id', '=', body.responseId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ patient_id: 'patient-01', survey_id: 's-1', response_data: answers });
    // Only onboarding surveys take responses here.
    expect((await submit('feedback', { goal: 'sleep', ready: true })).res.statusCode).toBe(404);
    // Not offered to patient-01's organisation (the child's survey).
    expect((await submit('north-welcome', { goal: 'sleep', ready: true })).res.statusCode).toBe(404);
  });

  it('refuses answers that do not fit the survey (400 with details.fields), and non-patients', async () => {
    const bad = await submit('welcome', {
      goal: 'money',
      sleepHours: 30,
      topics: ['work', 'work'],
      energy: 2.5,
      extra: 'x',
    });
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
    expect(checkAnswers(questions as never, { goal: 'mood', ready: 'yes', notes: 5 } as never)).toEqual({
      ready: 'must be yes or no',
      notes: 'must be text',
    });
  });
});
