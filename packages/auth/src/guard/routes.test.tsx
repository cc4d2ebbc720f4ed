import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useRouteError, type RouteObject } from 'react-router';
import type { AuthSnapshot } from '../session/types.ts';
import { guardRoutes, isGuardRefusal, NAVIGATION_FAILED, watchNavigationFailures } from './routes.ts';
import { rules } from './rules.ts';

afterEach(() => vi.restoreAllMocks());

const signedIn: AuthSnapshot = {
  status: 'signedIn',
  user: { uid: 'u', email: null, scopes: ['therapist'], signedInAt: 0 },
};
const anonymous: AuthSnapshot = { status: 'signedOut', user: null };

function ErrorView() {
  const error = useRouteError();
  return <p>{isGuardRefusal(error) ? 'refused' : 'failed'}</p>;
}

function tree(extra: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: '/',
      element: <Outlet />,
      errorElement: <ErrorView />,
      handle: { guard: rules.public },
      children: [
        { path: 'authentication/login', element: <p>login page</p>, handle: { guard: rules.signedOut('/') } },
        {
          element: <Outlet />,
          errorElement: <ErrorView />,
          children: [
            { index: true, element: <p>home page</p> },
            { path: 'security', element: <p>security page</p>, loader: () => ({ secret: 1 }) },
            { path: 'export', element: <p>export page</p>, handle: { guard: rules.hasScope('data-export') } },
            { path: 'old', element: <p>old</p>, handle: { guard: ['security'] } },
            { path: 'evil', element: <p>evil</p>, handle: { guard: '//evil.com' } },
            ...extra,
          ],
        },
      ],
    },
  ];
}

/** A route whose loader fails with `error` (its page is never shown). */
function failingRoute(path: string, error: Error): RouteObject {
  return {
    path,
    element: <p>never</p>,
    loader: () => {
      throw error;
    },
  };
}

/** A router over `routes` guarded for `auth`, opened at `path`. */
function guardedRouter(routes: RouteObject[], auth: () => AuthSnapshot, path: string) {
  return createMemoryRouter(guardRoutes(routes, { auth: async () => auth() }), { initialEntries: [path] });
}

function setup(auth: AuthSnapshot, path: string, extra: RouteObject[] = []) {
  const router = guardedRouter(tree(extra), () => auth, path);
  render(<RouterProvider router={router} />);
  return router;
}

describe('guardRoutes', () => {
  it('lets a signed-in user in (default rule) and runs the route loader after', async () => {
    const router = setup(signedIn, '/security');
    expect(await screen.findByText('security page')).toBeInTheDocument();
    expect(router.state.loaderData).toMatchObject({ '0-1-1': { secret: 1 } });
  });

  it('sends an anonymous visitor to sign in, with where they were going', async () => {
    const router = setup(anonymous, '/security?tab=totp');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/authentication/login');
    expect(router.state.location.search).toBe('?returnTo=%2Fsecurity%3Ftab%3Dtotp');
  });

  it('keeps the protected loader from running for an anonymous visitor', async () => {
    const loader = vi.fn(() => null);
    setup(anonymous, '/private', [{ path: 'private', element: <p>private</p>, loader }]);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    setup(signedIn, '/authentication/login');
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('redirects to a list of path segments', async () => {
    const router = setup(signedIn, '/old');
    expect(await screen.findByText('security page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/security');
  });

  it('refuses (403) when the rule says false', async () => {
    setup(signedIn, '/export');
    expect(await screen.findByText('refused')).toBeInTheDocument();
  });

  it('refuses and logs a redirect outside the app', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = setup(signedIn, '/evil');
    expect(await screen.findByText('refused')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/evil');
    expect(warn).toHaveBeenCalled();
  });
});

describe('watchNavigationFailures', () => {
  it("logs and reports a failed navigation as 'Navigation failed', but not a refusal", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const report = vi.fn();
    const broken = new Error('chunk failed');
    const router = guardedRouter(tree([failingRoute('broken', broken)]), () => signedIn, '/');
    const stop = watchNavigationFailures(router, report);
    render(<RouterProvider router={router} />);
    await screen.findByText('home page');
    await router.navigate('/export');
    await screen.findByText('refused');
    expect(report).not.toHaveBeenCalled();
    await router.navigate('/broken');
    await screen.findByText('failed');
    expect(report).toHaveBeenCalledWith(NAVIGATION_FAILED, broken);
    expect(error).toHaveBeenCalledWith(NAVIGATION_FAILED, broken);
    expect(report).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('after sign-in', () => {
  it('the guard re-runs on revalidation when the session changes', async () => {
    let auth: AuthSnapshot = anonymous;
    const router = guardedRouter(tree(), () => auth, '/security');
    render(<RouterProvider router={router} />);
    await screen.findByText('login page');
    auth = signedIn;
    await router.navigate('/security');
    await waitFor(() => expect(screen.getByText('security page')).toBeInTheDocument());
  });
});

describe('RouteError', () => {
  it("reports a page that fails to render as 'Uncaught exception', and a failed loader only once", async () => {
    const { RouteError } = await import('./RouteError.tsx');
    const { createTestI18n } = await import('@tend/ui/test-utils');
    const { setErrorReporter, TendProvider } = await import('@tend/ui');
    const { I18nextProvider } = await import('@tend/i18n');
    const report = vi.fn();
    setErrorReporter(report);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const boom = new Error('render failed');
    function Broken(): never {
      throw boom;
    }
    const loaderError = new Error('loader failed');
    const router = guardedRouter(
      [
        {
          path: '/',
          handle: { guard: rules.public },
          errorElement: <RouteError />,
          children: [{ index: true, element: <Broken /> }, failingRoute('data', loaderError)],
        },
      ],
      () => signedIn,
      '/',
    );
    const stop = watchNavigationFailures(router, (message, error) => report(message, error));
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <TendProvider env="test">
          <RouterProvider router={router} />
        </TendProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByText('This page could not be opened')).toBeInTheDocument();
    await waitFor(() => expect(report).toHaveBeenCalledWith('Uncaught exception', boom, { source: 'route' }));
    report.mockClear();
    await router.navigate('/data');
    await waitFor(() => expect(report).toHaveBeenCalledWith(NAVIGATION_FAILED, loaderError));
    expect(report).toHaveBeenCalledTimes(1);
    stop();
    setErrorReporter(undefined);
  });
});
