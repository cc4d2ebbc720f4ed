import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SurveySession } from '@tend/api/model';
import { closeDrafts } from '@tend/domain/surveys';
import { renderPortal, testSession } from '@tend/portal/testing';
import { portal } from './portal.ts';
import { en, patientPageServer, renderPatientPage } from '../test/portal.ts';

const server = patientPageServer();
afterEach(() => {
  closeDrafts();
  indexedDB.deleteDatabase('tend-survey-drafts');
});

const wellbeing: SurveySession = {
  surveyId: 's2',
  title: 'Weekly check-in',
  urlSuffix: 'weekly',
  type: 'wellbeing',
  completedAt: null,
  config: {
    title: 'Weekly check-in',
    urlSuffix: 'weekly',
    questions: [
      { id: 'mood', type: 'scale', text: 'How has your mood been?', min: 1, max: 5, required: true },
      { id: 'note', type: 'text', text: 'Anything else?' },
    ],
  },
};
const onboardingDone: SurveySession = {
  ...wellbeing,
  surveyId: 's1',
  type: 'onboarding',
  title: 'Welcome',
  urlSuffix: 'welcome',
  completedAt: '2026-01-01T00:00:00Z',
};

describe('surveys the organisation offers', () => {
  it('lists them, and answers one: a needed answer is asked for, then the response is sent and the list says so', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/survey/sessions', () => HttpResponse.json({ items: [onboardingDone, wellbeing] })),
      http.post('*/survey/sessions/:surveyId/responses', async ({ request, params }) => {
        sent.push({ surveyId: params.surveyId, body: await request.json() });
        return HttpResponse.json(
          { responseId: 'r1', surveyId: String(params.surveyId), completedAt: '2026-11-24T10:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    const { user } = renderPortal(portal, '/surveys', {
      translations: en,
      signedIn: testSession('patient@example.com'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Surveys' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome')).not.toBeInTheDocument();
    expect(screen.getByText(/Not answered yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Answer “Weekly check-in”' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly check-in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Please answer this question to finish.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByText('Thank you: your answers were sent.')).toBeInTheDocument();
    expect(sent).toEqual([{ surveyId: 's2', body: { responseData: { mood: 3 } } }]);
    await user.click(screen.getByRole('link', { name: 'Back to surveys' }));
    expect(await screen.findByRole('link', { name: 'Answer “Weekly check-in” again' })).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    server.use(http.get('*/survey/sessions', () => HttpResponse.json({ items: [onboardingDone] })));
    renderPatientPage('/surveys');
    expect(
      await screen.findByText(
        'Your organisation has no surveys for you at the moment. When it asks you something, the survey will appear here: there is nothing to do for now.',
      ),
    ).toBeInTheDocument();
  });
});
