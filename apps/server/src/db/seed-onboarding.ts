// The demo onboarding survey: Tend Health North asks its new patients a few questions at their first sign-in
// (the patient app's onboarding renders it from this config; a submitted response marks it done). Every
// question type of the contract's SurveyQuestion appears once; one question is required, the rest can be
// skipped. Tend Health (the root organisation) has none, so its patients go straight to Today.
import { json, type Db } from './index.ts';

export const DEMO_ONBOARDING_SURVEY = {
  id: 'survey-north-welcome',
  organisationId: 'org-tend-north',
  config: {
    title: 'Welcome to Tend Health North',
    urlSuffix: 'welcome-to-tend-north',
    description:
      'A few questions so your care team can support you well from the start. Answer what you are comfortable with: questions not marked as needed can be skipped, and you can stop and carry on later.',
    questions: [
      {
        id: 'feeling',
        type: 'scale',
        text: 'Overall, how have you been feeling over the past week? (0 is very low, 10 is very good)',
        required: true,
        min: 0,
        max: 10,
      },
      { id: 'hopes', type: 'text', text: 'What would you most like help with right now?', required: false },
      {
        id: 'focus',
        type: 'multiple-choice',
        text: 'Which of these would you like to work on?',
        required: false,
        options: ['Sleep', 'Worry and anxiety', 'Low mood', 'Stress', 'Relationships', 'Confidence'],
      },
      {
        id: 'sleepHours',
        type: 'number',
        text: 'About how many hours do you sleep on a typical night?',
        required: false,
        min: 0,
        max: 24,
      },
      { id: 'therapyBefore', type: 'boolean', text: 'Have you had talking therapy before?', required: false },
      {
        id: 'heardFrom',
        type: 'single-choice',
        text: 'How did you hear about Tend?',
        required: false,
        options: ['My GP', 'My workplace', 'A friend or family member', 'Online', 'Somewhere else'],
      },
    ],
  },
} as const;

export async function seedOnboardingSurvey(db: Db): Promise<void> {
  const survey = DEMO_ONBOARDING_SURVEY;
  await db
    .insertInto('surveys')
    .values({
      id: survey.id,
      type: 'onboarding',
      config: json(survey.config),
      etag: '"north-welcome-1"',
      created_by: null,
    })
    .execute();
  await db
    .insertInto('survey_organisations')
    .values({ survey_id: survey.id, organisation_id: survey.organisationId })
    .execute();
}
