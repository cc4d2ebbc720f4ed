import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { portal } from './portal.ts';
import appEn from '../locales/en.json';
import en from '../features/user-data/locales/en.json';
import dashboardsEn from '../features/dashboards/locales/en.json';

const { server, withMockServer } = createPortalTestServer();
withMockServer();

const translations = { ...appEn, 'user-data': en, dashboards: dashboardsEn };
const log = http.get('*/users/data/actions', () =>
  HttpResponse.json({
    items: [
      {
        id: 'l2',
        action: 'erase',
        at: '2026-11-24T09:00:00Z',
        actor: { userId: 'a1', name: 'Dee Ops', email: 'dee@example.com' },
        subject: { userId: null, ref: 'abc123def456' },
        detail: { rows: 12 },
      },
      {
        id: 'l1',
        action: 'export',
        at: '2026-11-24T08:00:00Z',
        actor: { userId: null, name: null, email: null },
        subject: { userId: 'u-1', ref: 'fff' },
        detail: { rows: 30 },
      },
    ],
    lastPage: null,
  }),
);
const summary = {
  userId: 'u-1',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Lee',
  roles: [{ role: 'patient', organisationId: null }],
  tables: [
    { table: 'moments', rows: 4 },
    { table: 'users', rows: 1 },
  ],
  total: 5,
};

describe('user data', () => {
  it('is not offered without the data-export scope: no entry, and the address is refused', async () => {
    renderPortal(portal, '/user-data', {
      translations,
      signedIn: testSession('admin@example.com', ['org-admin']),
    });
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
  });

  it('finds a user with what is kept, shows the log, and erases only after the e-mail typed in full', async () => {
    const erased: string[] = [];
    server.use(
      log,
      http.post('*/users/data/action/find', async ({ request }) => {
        const { query } = (await request.json()) as { query: string };
        return query === 'sam@example.com'
          ? HttpResponse.json(summary)
          : HttpResponse.json({ code: 'not_found', message: 'x' }, { status: 404 });
      }),
      http.delete('*/users/data', ({ request }) => {
        erased.push(new URL(request.url).searchParams.get('userId')!);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderPortal(portal, '/user-data', {
      translations,
      signedIn: testSession('admin@example.com', ['org-admin', 'data-export']),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'User data' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation')).getByRole('link', { name: 'User data' }),
    ).toBeInTheDocument();
    const logTable = await screen.findByRole('table', { name: "Actions on users' data" });
    expect(within(logTable).getByText('Erased user (reference abc123def456)')).toBeInTheDocument();
    expect(within(logTable).getByText('Erased (12 rows)')).toBeInTheDocument();
    expect(within(logTable).getByText('An account since erased')).toBeInTheDocument();

    const query = screen.getByRole('textbox', { name: /E-mail address or user ID/ });
    await user.type(query, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('Nobody found')).toBeInTheDocument();
    expect(query).toHaveValue('nobody@example.com');

    await user.clear(query);
    await user.type(query, 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const kept = await screen.findByRole('table', {
      name: 'Rows kept about this user, table by table (5 in all)',
    });
    expect(within(kept).getByRole('row', { name: 'moments 4' })).toBeInTheDocument();

    const confirm = screen.getByRole('textbox', { name: /Type the user's e-mail address to confirm/ });
    await user.type(confirm, 'sam@example.org');
    await user.click(screen.getByRole('button', { name: 'Erase this user' }));
    expect(
      await screen.findByText("This is not the user's e-mail address as shown above."),
    ).toBeInTheDocument();
    expect(confirm).toHaveValue('sam@example.org');
    expect(erased).toEqual([]);
  });

  it('says what the log will list when nothing has been done yet', async () => {
    server.use(http.get('*/users/data/actions', () => HttpResponse.json({ items: [], lastPage: null })));
    renderPortal(portal, '/user-data', {
      translations,
      signedIn: testSession('admin@example.com', ['org-admin', 'data-export']),
    });
    expect(
      await screen.findByText(
        'Nothing has been done with these tools yet. Each export, test copy, creation and erasure made here will be listed, with who made it and when.',
        undefined,
      ),
    ).toBeInTheDocument();
  });
});
