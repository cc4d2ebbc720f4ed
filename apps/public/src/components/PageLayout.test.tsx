import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetStatusFileMockHandler } from '@tend/api/msw';
import { renderPublic } from '../test/render.tsx';
import { server } from '../test/server.ts';
import { PageLayout } from './PageLayout.tsx';
import { queryClient } from '../app/QueryLayout.tsx';

describe("the public pages' frame", () => {
  it('tells of announced maintenance on every page, in the main landmark, with a skip link to it', async () => {
    server.use(
      getGetStatusFileMockHandler({
        goingOffline: true,
        offlineTime: Date.now() + 3_600_000,
        pendingReason: 'Database upgrade',
        activeReason: null,
      }),
    );
    renderPublic(
      <PageLayout>
        <h1>A page</h1>
      </PageLayout>,
    );
    const main = screen.getByRole('main');
    const notice = await within(main).findByRole('status');
    expect(notice).toHaveTextContent('Planned maintenance');
    expect(notice).toHaveTextContent('Reason: Database upgrade');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', `#${main.id}`);
  });
});

describe('the message alerts above every page', () => {
  it('are read only after the first paint, shown as plain text in the main landmark, and stay dismissed', async () => {
    window.localStorage.clear();
    let asked = 0;
    server.use(
      http.post('*/v2/message-alerts/action/list-messages-for-public', () => {
        asked += 1;
        return HttpResponse.json({
          items: [
            {
              id: 'a1',
              etag: 'e1',
              message: {
                title: 'Phone lines closed on Friday',
                body: '<img src=x onerror=alert(1)> Use e-mail instead.',
                severity: 'info',
                audience: 'public',
                organisationId: null,
              },
              createdAt: '2026-11-24T09:00:00Z',
              updatedAt: '2026-11-24T09:00:00Z',
            },
            {
              id: 'a2',
              etag: 'e1',
              message: {
                title: 'New opening hours',
                body: 'From December.',
                severity: 'info',
                audience: 'public',
                organisationId: null,
              },
              createdAt: '2026-11-24T09:00:00Z',
              updatedAt: '2026-11-24T09:00:00Z',
            },
          ],
        });
      }),
    );
    const page = (
      <PageLayout>
        <h1>A page</h1>
      </PageLayout>
    );
    const first = renderPublic(page);
    // The first render (what the prerender shows and the app takes over) has no notices and asks for none.
    expect(screen.queryByRole('region', { name: 'Notices' })).not.toBeInTheDocument();
    expect(asked).toBe(0);
    const notices = await within(screen.getByRole('main')).findByRole('region', { name: 'Notices' });
    expect(notices).toHaveTextContent('<img src=x onerror=alert(1)> Use e-mail instead.');
    expect(notices.querySelector('img')).toBeNull();
    await userEvent.click(
      within(notices).getByRole('button', { name: 'Dismiss notice: Phone lines closed on Friday' }),
    );
    expect(screen.queryByText('Phone lines closed on Friday')).not.toBeInTheDocument();
    expect(screen.getByText('New opening hours')).toBeInTheDocument();
    first.unmount();

    // Another visit (a fresh cache): the alert is read again and stays dismissed.
    queryClient.clear();
    renderPublic(page);
    expect(await screen.findByText('New opening hours')).toBeInTheDocument();
    expect(asked).toBe(2);
    expect(screen.queryByText('Phone lines closed on Friday')).not.toBeInTheDocument();
  });
});
