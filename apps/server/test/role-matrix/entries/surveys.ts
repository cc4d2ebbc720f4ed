// Tag surveys: patients list their survey sessions; administrators manage surveys offered to their
// organisations (a survey of X is not revealed to the other administrator: 404; naming X in a new
// survey: 403).
import { ORG_X, adminOfX, entry, patientsOwn, type Entry } from '../roles.ts';
import { etagOf, listOfX, onlySurveyOfX, surveyOfX, unique } from './support.ts';

const config = () => ({
  title: 'Check-in',
  urlSuffix: unique('matrix'),
  questions: [{ id: 'q1', type: 'boolean', text: 'Sleeping well?' }],
});

export const entries: Entry[] = [
  entry('listSurveySessions', patientsOwn(200)),
  entry('submitSurveyResponse', patientsOwn(201), async (_role, m) => ({
    params: { surveyId: await surveyOfX(m) },
    body: { responseData: { q1: 4 } },
  })),
  listOfX('listSurveys', onlySurveyOfX),
  entry('createSurvey', adminOfX(201, 403), () => ({
    body: { type: 'feedback', config: config(), organisations: [ORG_X] },
  })),
  entry('getSurveyConfig', adminOfX(200), async (_role, m) => ({ params: { surveyId: await surveyOfX(m) } })),
  entry('updateSurveyConfig', adminOfX(200), async (_role, m) => {
    const surveyId = await surveyOfX(m);
    return {
      params: { surveyId },
      headers: { ETag: await etagOf(m, `/surveys/${surveyId}/config`) },
      body: config(),
    };
  }),
  entry('deleteSurvey', adminOfX(204), async (_role, m) => ({ params: { surveyId: await surveyOfX(m) } })),
  entry('listSurveyOrganisations', adminOfX(200), async (_role, m) => ({
    params: { surveyId: await surveyOfX(m) },
  })),
  entry('setSurveyOrganisations', adminOfX(200), async (_role, m) => ({
    params: { surveyId: await surveyOfX(m) },
    body: { organisations: [ORG_X] },
  })),
];
