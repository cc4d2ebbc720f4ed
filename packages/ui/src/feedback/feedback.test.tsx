import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import { I18nextProvider } from '@tend/i18n';
import { describe, expect, it } from 'vitest';
import { axeViolations, createTestI18n, renderWithProviders } from '../test-utils.tsx';
import { formatPageTitle, PageTitle, useRouteTitle, type RouteTitle } from './PageTitle.tsx';
import { PageLoader, Spinner } from './Spinner.tsx';

describe('Spinner and PageLoader', () => {
  it('is a labelled status', async () => {
    const { container } = renderWithProviders(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('can show its label and say what loads', () => {
    renderWithProviders(<Spinner label="Loading your moments" showLabel />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your moments');
    expect(screen.getByText('Loading your moments')).toBeVisible();
  });

  it('PageLoader', () => {
    renderWithProviders(<PageLoader label="Please wait" />);
    expect(screen.getByRole('status')).toHaveTextContent('Please wait');
  });
});

describe('PageTitle', () => {
  it('formats titles', () => {
    expect(formatPageTitle('Security', 'Tend')).toBe('Security – Tend');
    expect(formatPageTitle('  ', 'Tend')).toBe('Tend');
    expect(formatPageTitle(undefined, 'Tend')).toBe('Tend');
  });

  it('sets document.title and follows changes', () => {
    const { rerender } = renderWithProviders(<PageTitle title="Install the app" />);
    expect(document.title).toBe('Install the app – Tend');
    rerender(<PageTitle title="Not found" />);
    expect(document.title).toBe('Not found – Tend');
  });
});

describe('useRouteTitle', () => {
  function Root({ productName }: { productName?: string }) {
    useRouteTitle({ ...(productName ? { productName } : {}), ns: 'common' });
    return <Outlet />;
  }
  const route = (path: string, title?: RouteTitle) => ({
    path,
    element: <p>{path}</p>,
    ...(title ? { handle: { title } } : {}),
  });
  /** The routes under a root that sets the titles, at `path`. */
  function renderAt(
    root: { element: ReactNode; handle?: { title: RouteTitle } },
    children: ReturnType<typeof route>[],
    path: string,
  ) {
    const router = createMemoryRouter([{ ...root, children }], { initialEntries: [path] });
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    return router;
  }

  it("titles every page from the deepest route's handle: a key, a function of the match, or the product alone", async () => {
    const router = renderAt(
      { element: <Root />, handle: { title: 'shell.signOut' } },
      [
        route('/keyed', 'errors.title'),
        route('/items/:id', ({ params }) => `Item ${params.id}`),
        route('/plain'),
      ],
      '/keyed',
    );
    expect(await screen.findByText('/keyed')).toBeInTheDocument();
    expect(document.title).toBe('Sorry, this page could not be shown – Tend');
    await act(() => router.navigate('/items/42'));
    expect(document.title).toBe('Item 42 – Tend');
    await act(() => router.navigate('/plain'));
    expect(document.title).toBe('Sign out – Tend');
  });

  it("uses the app's name when given", async () => {
    renderAt({ element: <Root productName="Tend Therapist" /> }, [route('/x', () => 'Caseload')], '/x');
    expect(await screen.findByText('/x')).toBeInTheDocument();
    expect(document.title).toBe('Caseload – Tend Therapist');
  });
});
