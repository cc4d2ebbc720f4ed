import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Survey, SurveyConfig } from '@tend/api/model';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { noOrganisations, orgAdminScopes } from '../test/handlers.ts';
import { portal } from './portal.ts';
import appEn from '../locales/en.json';
import en from '../features/surveys/locales/en.json';

const { server, withMockServer } = createPortalTestServer();
withMockServer();

const translations = { ...appEn, surveys: en };
const admin = testSession('admin@example.com');
const survey = (i: number): Survey => ({
  surveyId: `s${i}`,
  type: 'wellbeing',
  title: `Check-in ${i}`,
  urlSuffix: `check-in-${i}`,
  organisations: i % 2 ? ['org-1'] : [],
  createdAt: '2026-11-24T09:00:00Z',
  responseCount: i,
});
const config = (over: Partial<SurveyConfig> = {}): SurveyConfig => ({
  title: 'Check-in 1',
  urlSuffix: 'check-in-1',
  questions: [
    { id: 'q1', type: 'scale', text: 'Mood', min: 1, max: 5, required: true },
    { id: 'q2', type: 'text', text: 'Anything else?' },
  ],
  etag: '"e1"',
  ...over,
});
const common = [
  ...noOrganisations,
  http.get('*/organisation/org-1/merged', () =>
    HttpResponse.json({ id: 'org-1', name: 'Tend Health North' }),
  ),
  http.get('*/surveys/s1/organisations', () => HttpResponse.json({ organisations: ['org-1'] })),
  orgAdminScopes(false),
];
beforeAll(() => {
  // jsdom lays nothing out: give the list's scrolling area a size so the virtualiser renders rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
});

describe('admin surveys', () => {
  it('lists the surveys, each a link with its kind and answers, page by page with startAfter', async () => {
    const cursors: Array<string | null> = [];
    server.use(
      ...common,
      http.get('*/surveys', ({ request }) => {
        const after = new URL(request.url).searchParams.get('startAfter');
        cursors.push(after);
        return HttpResponse.json(
          after
            ? { items: [survey(26)], startAfter: null }
            : { items: Array.from({ length: 25 }, (_, i) => survey(i + 1)), startAfter: 'c1' },
        );
      }),
    );
    renderPortal(portal, '/surveys', { translations, signedIn: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Surveys' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Surveys' });
    const [row] = await within(list).findAllByRole('link');
    const n = /\/surveys\/s(\d+)$/.exec(row!.getAttribute('href') ?? '')?.[1];
    expect(row).toHaveTextContent(`Check-in ${n}`);
    expect(row).toHaveTextContent('Wellbeing');
    expect(row).toHaveTextContent(Number(n) === 1 ? '1 answer' : `${n} answers`);
    // The next page is read as the end comes into view (jsdom: at once).
    await waitFor(() => expect(cursors).toEqual([null, 'c1']));
    expect(await screen.findByText('26 surveys')).toBeInTheDocument();
  });

  it('says so when there are none, and when they cannot be read', async () => {
    server.use(
      ...common,
      http.get('*/surveys', () => HttpResponse.json({ items: [], startAfter: null })),
    );
    renderPortal(portal, '/surveys', { translations, signedIn: admin });
    expect(await screen.findByText(en.empty)).toBeInTheDocument();
  });

  it('saves the config with its ETag, reorders with the buttons, and shows a 412 with the edits kept', async () => {
    const sent: Array<{ etag: string | null; body: SurveyConfig }> = [];
    server.use(
      ...common,
      http.get('*/surveys/s1/config', () => HttpResponse.json(config(), { headers: { ETag: '"e1"' } })),
      http.put('*/surveys/s1/config', async ({ request }) => {
        const body = (await request.json()) as SurveyConfig;
        sent.push({ etag: request.headers.get('ETag'), body });
        if (sent.length === 1) {
          const current = config({ description: 'Asked weekly.', etag: '"e2"' });
          return HttpResponse.json(
            { code: 'etag_mismatch', message: 'Changed.', details: { currentEtag: '"e2"', current } },
            { status: 412, headers: { ETag: '"e2"' } },
          );
        }
        return HttpResponse.json({ ...body, etag: '"e3"' }, { headers: { ETag: '"e3"' } });
      }),
    );
    const { user } = renderPortal(portal, '/surveys/s1', { translations, signedIn: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(screen.getByRole('textbox', { name: 'Question 1: wording' })).toHaveValue('Anything else?');
    expect(screen.getByText('Question moved to position 1 of 2.')).toBeInTheDocument();
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Weekly check-in');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const conflict = await screen.findByRole('alert', { name: /Someone else saved this/ });
    expect(within(conflict).getByRole('row', { name: /Introduction/ })).toHaveTextContent('Asked weekly.');
    expect(title).toHaveValue('Weekly check-in');
    await user.click(within(conflict).getByRole('button', { name: 'Keep my changes and save' }));
    expect(await screen.findByText(en.edit.saved)).toBeInTheDocument();
    expect(sent.map((s) => s.etag)).toEqual(['"e1"', '"e2"']);
    expect(sent[1]!.body).toMatchObject({
      title: 'Weekly check-in',
      description: 'Asked weekly.',
      questions: [{ id: 'q2' }, { id: 'q1' }],
    });
    expect(sent[1]!.body).not.toHaveProperty('etag');
  });

  it('checks the questions before saving, and deletes after a confirmation naming the survey', async () => {
    let deleted = false;
    server.use(
      ...common,
      http.get('*/surveys/s1/config', () => HttpResponse.json(config(), { headers: { ETag: '"e1"' } })),
      http.delete('*/surveys/s1', () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/surveys', () => HttpResponse.json({ items: [], startAfter: null })),
    );
    const { user } = renderPortal(portal, '/surveys/s1', { translations, signedIn: admin });
    const wording = await screen.findByRole('textbox', { name: 'Question 1: wording' });
    await user.clear(wording);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(en.rules.textRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete survey…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Check-in 1”?' });
    expect(dialog).toHaveTextContent('kept for reports');
    await user.click(within(dialog).getByRole('button', { name: 'Delete survey' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Surveys' })).toBeInTheDocument();
    expect(deleted).toBe(true);
  });
});
