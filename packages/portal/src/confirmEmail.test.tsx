import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetAccountSummaryResponseMock } from '@tend/api/msw';
import { testPortal, testTranslations } from './test/testPortal.tsx';
import { createPortalTestServer, enterCode, renderPortal, signIn, testSession } from './testing.tsx';

// /account/confirm-email?id=…: the e-mail change link the server mails, in every portal (createPortal).
const { server, identityServer, withMockServer } = createPortalTestServer({
  summary: { firstName: 'Alex', lastName: 'Morgan', email: 'therapist@example.com' },
});
withMockServer();

const LINK = '/account/confirm-email?id=tok-123';

const renderApp = (path: string, signedIn: string | null = null) =>
  renderPortal(testPortal, path, {
    translations: testTranslations,
    signedIn: signedIn ? testSession(signedIn) : null,
  });

/** The confirm call answers `answer` (a function of the id); the ids it was called with are kept. */
function confirmServer(answer: (id: string) => Response | Promise<Response>) {
  const ids: string[] = [];
  server.use(
    http.post('*/iams/account-details/action/confirm-change-email', ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      ids.push(id);
      return answer(id);
    }),
  );
  return ids;
}

/** Opens the link signed in as the owner, and waits for the page's heading. */
async function openAsOwner(heading: string) {
  renderApp(LINK, 'therapist@example.com');
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
}

const errorAnswer = (status: number, code: string) =>
  HttpResponse.json({ code, message: 'Server text never shown' }, { status });

describe('the e-mail confirmation page', () => {
  it('asks an anonymous visitor to sign in with the current address, then confirms, signs out and offers to sign in', async () => {
    const ids = confirmServer(() =>
      HttpResponse.json(
        getGetAccountSummaryResponseMock({ email: 'alex.new@example.com', pendingEmail: null }),
      ),
    );
    const { user, router, auth } = renderApp(LINK);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirm your new e-mail address' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/sign in with your current address and password/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Confirm your new e-mail address – Tend Test'));
    expect(ids).toEqual([]);
    const signInLink = screen.getByRole('link', { name: 'Sign in' });
    expect(signInLink).toHaveAttribute(
      'href',
      '/authentication/login?returnTo=%2Faccount%2Fconfirm-email%3Fid%3Dtok-123',
    );

    await user.click(signInLink);
    await signIn(user, 'therapist@example.com');
    await enterCode(user, '123456');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address has changed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('From now on, sign in with alex.new@example.com.');
    expect(screen.getByText(/you have been signed out everywhere/)).toBeInTheDocument();
    expect(ids).toEqual(['tok-123']);
    expect(router.state.location.pathname).toBe('/account/confirm-email');
    await waitFor(() => expect(auth.getSnapshot().status).toBe('signedOut'));
    expect(identityServer.logouts()).toBeGreaterThan(0);

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('confirms at once, exactly once, for a signed-in owner', async () => {
    const ids = confirmServer(() =>
      HttpResponse.json(getGetAccountSummaryResponseMock({ email: 'alex.new@example.com' })),
    );
    await openAsOwner('Your e-mail address has changed');
    expect(ids).toEqual(['tok-123']);
  });

  it('explains an expired, used or foreign link (400 invalid_token), without the server text', async () => {
    confirmServer(() => errorAnswer(400, 'invalid_token'));
    await openAsOwner('This link can no longer be used');
    expect(screen.getByRole('alert')).toHaveTextContent(
      /works once, for 24 hours, and only for the account that asked/,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      /If you have already used it, your new address is already the one you sign in with/,
    );
    expect(screen.queryByText(/Server text never shown/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('explains that another account took the address meanwhile (409 email_in_use)', async () => {
    confirmServer(() => errorAnswer(409, 'email_in_use'));
    await openAsOwner('This address is already in use');
    expect(screen.getByRole('alert')).toHaveTextContent(/Another account now uses this e-mail address/);
  });

  it('offers to try again after a server or network failure, and then confirms', async () => {
    let calls = 0;
    let reports = 0;
    // A 5xx is reported (POST /error-reporting) by the api package.
    server.use(
      http.post('*/error-reporting', () => {
        reports++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    confirmServer(() =>
      ++calls === 1
        ? errorAnswer(503, 'unavailable')
        : HttpResponse.json(getGetAccountSummaryResponseMock({ email: 'alex.new@example.com' })),
    );
    const { user } = renderApp(LINK, 'therapist@example.com');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your new address could not be confirmed' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your e-mail address has changed' }),
    ).toBeInTheDocument();
    expect(calls).toBe(2);
    await waitFor(() => expect(reports).toBe(1));
  });

  it('asks to sign in again when the session ended meanwhile (401)', async () => {
    confirmServer(() => errorAnswer(401, 'invalid_token'));
    const { auth } = renderApp(LINK, 'therapist@example.com');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/authentication/login?returnTo=%2Faccount%2Fconfirm-email%3Fid%3Dtok-123',
    );
    expect(auth.getSnapshot().status).toBe('signedOut');
  });

  it('says the link is incomplete when it has no id, and asks nothing of the server', async () => {
    const ids = confirmServer(() => errorAnswer(400, 'invalid_token'));
    const first = renderApp('/account/confirm-email', 'therapist@example.com');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/Open the link from the e-mail again/);
    first.unmount();
    renderApp('/account/confirm-email?id=%20%20');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link is incomplete' }),
    ).toBeInTheDocument();
    expect(ids).toEqual([]);
  });

  it('renders nothing of the address bar, and the new address only as text', async () => {
    const hostile = '<img src=x onerror="window.hacked=1">';
    const ids = confirmServer(() =>
      HttpResponse.json(getGetAccountSummaryResponseMock({ email: `${hostile}@example.com` })),
    );
    const { container } = renderApp(
      `/account/confirm-email?id=${encodeURIComponent(hostile)}`,
      'therapist@example.com',
    );
    expect(await screen.findByText(`From now on, sign in with ${hostile}@example.com.`)).toBeInTheDocument();
    expect(ids).toEqual([hostile]);
    expect(container.querySelector('img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });
});
