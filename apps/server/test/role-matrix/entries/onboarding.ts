// Tag onboarding: a patient answers their organisation's onboarding survey.
import { entry, patientsOwn, type Entry } from '../roles.ts';
import { onboardingSurvey } from './support.ts';

export const entries: Entry[] = [
  entry('submitOnboardingSurveyResponse', patientsOwn(201), async (_role, m) => {
    await onboardingSurvey(m);
    return { params: { urlSuffix: 'welcome' }, body: { responseData: { goal: 'Sleep' } } };
  }),
];
