import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { MessageAlert } from '@tend/api/model';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { noOrganisations, orgAdminScopes } from '../test/handlers.ts';
import { portal } from './portal.ts';
import appEn from '../locales/en.json';
import en from '../features/message-alerts/locales/en.json';

const { server, withMockServer } = createPortalTestServer();
withMockServer();

const translations = { ...appEn, 'message-alerts': en };
const admin = testSession('admin@example.com');
const alert = (over: Partial<MessageAlert['message']> = {}): MessageAlert => ({
  id: 'a1',
  etag: '"e1"',
  message: {
    title: 'Clinic closed',
    body: 'Sessions move online.',
    severity: 'info',
    audience: 'patients',
    organisationId: null,
    ...over,
  },
  createdAt: '2026-11-24T09:00:00Z',
  updatedAt: '2026-11-24T09:00:00Z',
});
const asPlatformAdmin = [...noOrganisations, orgAdminScopes(true)];

describe('message alerts through the v1 calls', () => {
  it('lists them with the v1 call, narrowed to an app version, and links each to its v1 page', async () => {
    const versions: Array<string | null> = [];
    server.use(
      ...asPlatformAdmin,
      http.get('*/message-alerts', ({ request }) => {
        const version = new URL(request.url).searchParams.get('version');
        versions.push(version);
        return HttpResponse.json({ items: version === '1.0' ? [] : [alert()] });
      }),
    );
    const { user } = renderPortal(portal, '/message-alerts/v1', { translations, signedIn: admin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Message alerts (v1 calls)' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Clinic closed' })).toHaveAttribute(
      'href',
      '/message-alerts/v1/a1',
    );
    const sets = screen.getByRole('navigation', { name: 'Which set of calls' });
    expect(sets.querySelector('[aria-current="page"]')).toHaveTextContent('Through the v1 calls');
    // Pasted, as one change: typed key by key on a busy machine, the list may be read for "1" too before the
    // pause after the last key (the narrowing waits for a pause, not for a given number of keys).
    await user.click(screen.getByRole('textbox', { name: 'Show only the alerts of one app version' }));
    await user.paste('1.0');
    expect(await screen.findByText('No alert is shown to app version 1.0.')).toBeInTheDocument();
    expect(versions).toEqual([null, '1.0']);
  });

  it('edits one with its ETag through the v1 call', async () => {
    let sent: { etag: string | null; title: unknown } | null = null;
    server.use(
      ...asPlatformAdmin,
      http.get('*/message-alerts/a1', () => HttpResponse.json(alert(), { headers: { ETag: '"e1"' } })),
      http.put('*/message-alerts/a1', async ({ request }) => {
        const body = (await request.json()) as { title: string };
        sent = { etag: request.headers.get('ETag'), title: body.title };
        return HttpResponse.json(
          { ...alert({ title: body.title }), etag: '"e2"' },
          { headers: { ETag: '"e2"' } },
        );
      }),
    );
    const { user } = renderPortal(portal, '/message-alerts/v1/a1', { translations, signedIn: admin });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit message alert (v1 calls)' }),
    ).toBeInTheDocument();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(title).toHaveValue('Clinic closed'));
    await user.clear(title);
    await user.type(title, 'Clinic closed Friday');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent).toEqual({ etag: '"e1"', title: 'Clinic closed Friday' });
    expect(screen.getByRole('link', { name: 'Back to the alerts' })).toHaveAttribute(
      'href',
      '/message-alerts/v1',
    );
  });
});
