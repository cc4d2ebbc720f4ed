import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getCompleteOpenIdLoginMockHandler } from '@tend/api/msw';
import { createTestI18n, installDomPolyfills } from '@tend/ui/test-utils';
import { en } from '../test/render.tsx';
import { server } from '../test/server.ts';
import { Providers } from './providers.tsx';
import { createRoutes } from './routes.tsx';

function renderAt(path: string, signupHost = false) {
  installDomPolyfills();
  const router = createMemoryRouter(createRoutes(signupHost), { initialEntries: [path] });
  const i18n = createTestI18n({ app: 'public', resources: en });
  render(
    <Providers i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** Waits for the page's heading (level 1) to show `name`. */
async function expectHeading(name: string) {
  expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
}

const guideConfig = http.get('*/assets/guide/demo/config.json', () =>
  HttpResponse.json({ serviceName: 'Demo Health' }),
);

describe('routes, any host but the sign-up host', () => {
  it('redirects the empty path to the sign-up module', async () => {
    const router = renderAt('/');
    // The first import of the sign-up chunk (Firebase) is slow in a cold test run.
    await expectHeading('Join Tend');
    expect(router.state.location.pathname).toBe('/signup');
    // The title follows the page's content a render later.
    await waitFor(() => expect(document.title).toBe('Join Tend – Tend'));
  });

  it('shows the install guide with and without a platform', async () => {
    server.use(guideConfig);
    const router = renderAt('/openid/guide/ios/demo');
    await expectHeading('Install the Tend app');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('App Store');
    await waitFor(() => expect(document.title).toBe('Install the app – Tend'));
    await act(() => router.navigate('/openid/guide/demo'));
    expect(await screen.findByText(/Google Play Store/)).toBeInTheDocument();
  });

  it('shows the OpenID landing page of a client', async () => {
    server.use(
      getCompleteOpenIdLoginMockHandler({
        user: { displayName: 'Sam' },
        patientRecord: { firstName: 'Sam', lastName: 'P' },
        handoverToken: 't',
      }),
    );
    renderAt('/openid/demo?state=s&code=c');
    await expectHeading("You're signed in");
    await waitFor(() => expect(document.title).toBe('Signing in – Tend'));
  });

  it('has the region error and not-found pages', async () => {
    const router = renderAt('/regionerror');
    await expectHeading("Tend isn't available in your region yet");
    await waitFor(() => expect(document.title).toBe('Not available in your region – Tend'));
    await act(() => router.navigate('/404'));
    await expectHeading("We can't find that page");
    await waitFor(() => expect(document.title).toBe('Page not found – Tend'));
  });

  it('redirects anything else to 404', async () => {
    const router = renderAt('/no/such/page');
    await expectHeading("We can't find that page");
    expect(router.state.location.pathname).toBe('/404');
  });

  it.each([
    ['/contact/access', 'Request access to Tend'],
    ['/contact/callback?token=t&callbackGroup=g', 'Request a callback'],
    ['/contact/check-in?token=t', 'Request a check-in'],
    ['/email/subscribe?email=a@example.com', 'Subscribe to Tend e-mails'],
    ['/email/unsubscribe?email=a@example.com', 'Unsubscribe from Tend e-mails'],
  ])('serves %s', async (path, heading) => {
    renderAt(path);
    await expectHeading(heading);
  });
});

describe('routes on the dedicated sign-up host', () => {
  it('is the sign-up module at the root', async () => {
    const router = renderAt('/', true);
    await expectHeading('Join Tend');
    expect(router.state.location.pathname).toBe('/');
  });

  it('leads {client} to the same client screen as openid/{client}', async () => {
    renderAt('/demo?error=access_denied&error_description=You+cancelled+the+sign-in', true);
    await expectHeading('We could not sign you in');
    expect(screen.getByRole('alert')).toHaveTextContent('The sign-in was cancelled or not allowed.');
  });

  it.each(['/openid/demo', '/openid/guide/ios/demo', '/contact/access', '/email/subscribe', '/some/where'])(
    'answers not-found at %s (only the sign-up module and {client} are there)',
    async (path) => {
      const router = renderAt(path, true);
      await expectHeading("We can't find that page");
      expect(router.state.location.pathname).toBe(path);
      expect(screen.queryByRole('heading', { level: 1, name: 'Join Tend' })).toBeNull();
    },
  );
});
