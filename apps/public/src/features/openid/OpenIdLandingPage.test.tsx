import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCompleteOpenIdLoginMockHandler } from '@tend/api/msw';
import { setErrorReporter } from '@tend/ui';
import { renderPublic } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import { OpenIdLandingPage } from './OpenIdLandingPage.tsx';

const render = (query: string) =>
  renderPublic(<OpenIdLandingPage />, { route: `/openid/demo${query}`, path: '/openid/:client' });

afterEach(() => setErrorReporter(undefined));

describe('OpenID landing page', () => {
  it('shows a please-wait message, then Authorised with the Open App hand-over', async () => {
    let sent: URLSearchParams | undefined;
    server.use(
      getCompleteOpenIdLoginMockHandler(({ request }) => {
        sent = new URL(request.url).searchParams;
        return {
          user: { displayName: 'Sam Patel' },
          patientRecord: { firstName: 'Sam', lastName: 'Patel' },
          handoverToken: 'hand-over-1',
        };
      }),
    );
    render('?state=st-1&code=co-1');
    expect(screen.getByRole('status')).toHaveTextContent('Please wait while we sign you in');
    expect(await screen.findByRole('heading', { level: 1, name: "You're signed in" })).toBeInTheDocument();
    expect(screen.getByText('Your account is authorised. Welcome, Sam Patel.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /sign-in succeeded/ })).toBeInTheDocument();
    expect(Object.fromEntries(sent!)).toEqual({ state: 'st-1', code: 'co-1', clientID: 'demo' });
    const link = 'tend://open?redirect=openid%2Fdemo&token=hand-over-1';
    expect(screen.getByRole('link', { name: 'Open App' })).toHaveAttribute('href', link);
    expect(screen.getByRole('link', { name: 'open the app here' })).toHaveAttribute('href', link);
  });

  it("says the provider's error in the app's words, without Back, and reports its description", async () => {
    const report = vi.fn();
    setErrorReporter(report);
    render('?error=access_denied&error_description=You+cancelled+the+sign-in.');
    expect(screen.getByRole('heading', { level: 1, name: 'We could not sign you in' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in was cancelled or not allowed.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('You cancelled the sign-in.');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(report).toHaveBeenCalledWith(
      'OpenID login error',
      expect.any(Error),
      expect.objectContaining({ client: 'demo', error: 'access_denied' }),
    );
  });

  it("words a failed callback's code (never the server's text), reports it, and Back retries", async () => {
    const report = vi.fn();
    setErrorReporter(report);
    server.use(
      http.post('*/iams/openid/loginCallback', () =>
        HttpResponse.json({ code: 'invalid_state', message: 'State unknown or expired.' }, { status: 400 }),
      ),
    );
    const { user } = render('?state=old&code=c');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in has expired. Please start again.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('State unknown or expired.');
    expect(report).toHaveBeenCalledWith(
      'OpenID login callback failed',
      expect.anything(),
      expect.objectContaining({ client: 'demo' }),
    );
    server.use(
      getCompleteOpenIdLoginMockHandler({
        user: { displayName: '' },
        patientRecord: { firstName: 'Sam', lastName: 'P' },
        handoverToken: 'h',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Your account is authorised. Welcome, Sam.')).toBeInTheDocument();
  });

  it('says the server could not be reached when the callback gets no answer (never JSON)', async () => {
    server.use(http.post('*/iams/openid/loginCallback', () => HttpResponse.error()));
    render('?state=s&code=c');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach Tend.');
    expect(alert.textContent).not.toMatch(/[{}]/);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('explains an incomplete link', () => {
    render('');
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in link is incomplete');
  });
});
