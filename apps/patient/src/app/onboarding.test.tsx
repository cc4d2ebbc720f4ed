import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SurveySession } from '@tend/api/model';
import { closeDrafts } from '@tend/domain/surveys';
import { emptyTodayHandlers } from '../test/handlers.ts';
import { patientPageServer, renderPatientPage } from '../test/portal.ts';

const server = patientPageServer();
afterEach(() => {
  closeDrafts();
  indexedDB.deleteDatabase('tend-survey-drafts');
});

const today = () => server.use(...emptyTodayHandlers());

const welcome = (questions: NonNullable<SurveySession['config']>['questions']): SurveySession => ({
  surveyId: 's1',
  title: 'Welcome to Tend Health North',
  urlSuffix: 'welcome-north',
  type: 'onboarding',
  completedAt: null,
  config: { title: 'Welcome to Tend Health North', urlSuffix: 'welcome-north', questions },
});

/** The survey as the server keeps it: the sessions list follows a stored response. */
function onboardingServer(session: SurveySession) {
  const sent: unknown[] = [];
  let completedAt: string | null = null;
  server.use(
    http.get('*/survey/sessions', () => HttpResponse.json({ items: [{ ...session, completedAt }] })),
    http.post('*/onboarding-survey/configs/:suffix/responses', async ({ request, params }) => {
      sent.push(await request.json());
      completedAt = '2026-11-24T10:00:00.000Z';
      return HttpResponse.json(
        { responseId: 'r1', urlSuffix: String(params.suffix), completedAt },
        { status: 201 },
      );
    }),
  );
  return sent;
}

const renderApp = (path: string) => renderPatientPage(path);

describe('onboarding', () => {
  it('takes a patient with an unanswered onboarding survey there first, needs the required answer, sends, then shows the tour', async () => {
    today();
    const sent = onboardingServer(
      welcome([
        { id: 'feeling', type: 'scale', text: 'How have you been feeling?', required: true, min: 0, max: 4 },
        { id: 'hopes', type: 'text', text: 'What would help?' },
      ]),
    );
    const { user, router } = renderApp('/journal');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome to Tend Health North' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(screen.queryByRole('button', { name: 'Skip this question' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please answer this question to finish.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '3' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Question 2 of 2' })).toHaveFocus(),
    );
    await user.type(screen.getByRole('textbox', { name: 'What would help?' }), '  Sleep  ');
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A quick look around' })).toBeInTheDocument();
    expect(sent).toEqual([{ responseData: { feeling: 3, hopes: 'Sleep' } }]);

    await user.click(screen.getByRole('button', { name: 'Skip the tour' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeInTheDocument();
    // Done: the other pages are open now.
    await router.navigate('/welcome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeInTheDocument();
  });

  it('lets a survey with no required question be skipped whole (sent empty), and an optional question be skipped', async () => {
    const sent = onboardingServer(
      welcome([
        { id: 'before', type: 'boolean', text: 'Therapy before?' },
        { id: 'heard', type: 'single-choice', text: 'Heard from?', options: ['GP', 'Online'] },
      ]),
    );
    const { user } = renderApp('/welcome');
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 1 of 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip this question' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 2 of 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip these questions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'A quick look around' })).toBeInTheDocument();
    expect(sent).toEqual([{ responseData: {} }]);
  });

  it('keeps the answers when sending fails, and says so in plain words', async () => {
    onboardingServer(
      welcome([
        {
          id: 'heard',
          type: 'single-choice',
          text: 'Heard from?',
          options: ['GP', 'Online'],
          required: true,
        },
      ]),
    );
    server.use(
      http.post('*/onboarding-survey/configs/:suffix/responses', () =>
        HttpResponse.json({ code: 'unavailable', message: 'Busy' }, { status: 503 }),
      ),
    );
    const { user } = renderApp('/welcome');
    await user.click(await screen.findByRole('radio', { name: 'Online' }));
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your answers are still here on this device.');
    expect(screen.getByRole('radio', { name: 'Online' })).toBeChecked();
  });

  it('never holds the app back when the surveys cannot be read', async () => {
    today();
    server.use(
      http.get('*/survey/sessions', () =>
        HttpResponse.json({ code: 'internal', message: 'down' }, { status: 500 }),
      ),
    );
    server.use(
      http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeInTheDocument();
  });
});
