import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { layoutForVirtualLists } from '@tend/ui/test-utils';
import { organisationOf } from '../test/organisation.ts';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { portal } from './portal.ts';
import appEn from '../locales/en.json';
import en from '../features/organisations/locales/en.json';

const { server, withMockServer } = createPortalTestServer();
withMockServer();

const translations = { ...appEn, organisations: en };

// The audit log is a virtualised list: jsdom gets a layout so its rows render.
let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = layoutForVirtualLists(600);
});
afterEach(() => restoreLayout());

describe('the audit log', () => {
  it('says what the data retention removed, by Tend itself, and what it keeps', async () => {
    server.use(
      http.get('*/organisation/:id/merged', () => HttpResponse.json(organisationOf())),
      http.get('*/organisation/:id/unmerged', () => HttpResponse.json(organisationOf())),
      http.get('*/organisation/list', () => HttpResponse.json({ items: [], lastPage: null })),
      http.get('*/organisation/:id/audit', () =>
        HttpResponse.json({
          items: [
            {
              id: 'a1',
              at: '2026-09-01T12:00:00Z',
              actorId: null,
              actorName: null,
              action: 'retention_applied',
              subjectId: null,
              subject: 'Tend Health North',
              detail: {
                retentionDays: 30,
                cutoff: '2026-08-02T12:00:00Z',
                momentsRemoved: 12,
                surveyResponsesRemoved: 2,
                rewardSessionsRemoved: 5,
              },
            },
          ],
          lastPage: null,
        }),
      ),
    );
    renderPortal(portal, '/organisations/org-north?tab=audit', {
      translations,
      signedIn: testSession('admin@example.com'),
    });
    const [entry] = await screen.findAllByTestId('audit-entry');
    expect(within(entry!).getByText('Old records removed')).toBeInTheDocument();
    expect(entry).toHaveTextContent(
      /Under the retention of 30 days, logged before .+: 12 moments, 2 survey answers and 5 exercise sessions removed\. Chats, safety plans and therapists' notes are kept\./,
    );
    expect(entry).toHaveTextContent(/By Tend, automatically/);
    expect(entry).not.toHaveTextContent(/no longer exists/);
  });
});
