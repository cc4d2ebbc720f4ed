import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Organisation, OrganisationSummary, Subscription } from '@tend/api/model';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { organisationOf } from '../test/organisation.ts';
import { portal } from './portal.ts';
import appEn from '../locales/en.json';
import en from '../features/organisations/locales/en.json';

const { server, withMockServer } = createPortalTestServer();
withMockServer();
// jsdom lays nothing out: give the lists' scrolling areas a size so the virtualiser renders rows.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
});

const translations = { ...appEn, organisations: en };
const admin = testSession('admin@example.com');
const summary = (i: number, extra: Partial<OrganisationSummary> = {}): OrganisationSummary => ({
  id: `org-${i}`,
  name: `Organisation ${String(i).padStart(3, '0')}`,
  enabled: true,
  parentOrganisation: null,
  childCount: 0,
  ...extra,
});

const subscription = (over: Partial<Subscription>): Subscription => ({
  plan: null,
  seats: null,
  maxRedemptions: null,
  redemptions: 3,
  startsAt: null,
  endsAt: null,
  etag: '"v1"',
  ...over,
});
const organisation = (sub: Subscription): Organisation => organisationOf({ subscription: sub });

describe('organisations list', () => {
  it('pages the top of the tree with the cursor, and searches by name', async () => {
    const pages: Array<string | null> = [];
    server.use(
      http.get('*/organisation/list', ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('topLevel')).toBe('true');
        const last = url.searchParams.get('lastPage');
        pages.push(last);
        if (!last)
          return HttpResponse.json({
            items: [summary(1, { childCount: 2 }), summary(2, { enabled: false })],
            lastPage: 'c1',
          });
        return HttpResponse.json({ items: [summary(3)], lastPage: null });
      }),
      http.get('*/organisation/action/search', ({ request }) => {
        const term = new URL(request.url).searchParams.get('term');
        return HttpResponse.json({
          items: term === 'North' ? [summary(9, { name: 'Tend Health North' })] : [],
        });
      }),
    );
    const { user } = renderPortal(portal, '/organisations', { translations, signedIn: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Organisations' })).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Your organisations' });
    expect(await within(list).findByRole('link', { name: /Organisation 001/ })).toHaveAttribute(
      'href',
      '/organisations/org-1',
    );
    expect(within(list).getByText('2 organisations below it')).toBeInTheDocument();
    expect(within(list).getByText('Disabled')).toBeInTheDocument();
    // The end of the first page is in view: the next page is read with its cursor.
    expect(await within(list).findByRole('link', { name: /Organisation 003/ })).toBeInTheDocument();
    expect(pages).toEqual([null, 'c1']);
    expect(screen.getByText('3 organisations.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Find an organisation' }), 'North');
    const results = await screen.findByRole('region', { name: 'Organisations matching “North”' });
    expect(within(results).getByRole('link', { name: /Tend Health North/ })).toHaveAttribute(
      'href',
      '/organisations/org-9',
    );
    await user.clear(screen.getByRole('searchbox', { name: 'Find an organisation' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find an organisation' }), 'zzz');
    expect(await screen.findByText(/No organisation you administer matches “zzz”/)).toBeInTheDocument();
  });

  it('says so when the list cannot be read, and tries again', async () => {
    let calls = 0;
    server.use(
      // A failed call is reported (the web error reporter).
      http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
      http.get('*/organisation/list', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'unavailable', message: 'down', details: {} }, { status: 503 })
          : HttpResponse.json({ items: [], lastPage: null });
      }),
    );
    const { user } = renderPortal(portal, '/organisations', { translations, signedIn: admin });
    expect(await screen.findByText('We could not load the organisations.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/You do not administer any organisation yet/)).toBeInTheDocument();
  });
});

describe('an organisation page', () => {
  it('says the admin cannot open an organisation the server refuses', async () => {
    const refused = () =>
      HttpResponse.json(
        { code: 'not_found', message: 'No such organisation.', details: {} },
        { status: 404 },
      );
    server.use(
      http.get('*/organisation/:id/merged', refused),
      http.get('*/organisation/:id/unmerged', refused),
    );
    renderPortal(portal, '/organisations/org-root', { translations, signedIn: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot open this organisation');
    expect(screen.getByRole('link', { name: 'Back to your organisations' })).toHaveAttribute(
      'href',
      '/organisations',
    );
  });

  it('shows the state, the inherited values, and on a 412 keeps my change and re-applies it onto theirs', async () => {
    const merged = subscription({
      plan: 'standard',
      seats: 40,
      maxRedemptions: 50,
      endsAt: '2027-03-31',
      etag: '"v1"',
    });
    let own = subscription({ maxRedemptions: 50 });
    const sent: Array<{ etag: string | null; body: unknown }> = [];
    server.use(
      http.get('*/organisation/:id/merged', () => HttpResponse.json(organisation(merged))),
      http.get('*/organisation/:id/unmerged', () => HttpResponse.json(organisation(own))),
      http.get('*/organisation/list', () => HttpResponse.json({ items: [], lastPage: null })),
      http.get('*/organisation/:id/subscription/unmerged', () =>
        HttpResponse.json(own, { headers: { ETag: own.etag } }),
      ),
      http.patch('*/organisation/:id/subscription', async ({ request }) => {
        const body = (await request.json()) as Partial<Subscription>;
        sent.push({ etag: request.headers.get('ETag'), body });
        if (request.headers.get('ETag') !== own.etag) {
          return HttpResponse.json(
            {
              code: 'etag_mismatch',
              message: 'Changed.',
              details: { currentEtag: own.etag, current: { ...merged, ...own } },
            },
            { status: 412, headers: { ETag: own.etag } },
          );
        }
        own = { ...own, ...body, etag: '"v3"' } as Subscription;
        return HttpResponse.json({ ...merged, ...own }, { headers: { ETag: own.etag } });
      }),
    );
    const { user } = renderPortal(portal, '/organisations/org-north', { translations, signedIn: admin });
    expect(await screen.findByRole('heading', { level: 1, name: /Tend Health North/ })).toBeInTheDocument();
    expect(screen.getByText('3 of 50 used')).toBeInTheDocument();
    expect(screen.getByText(/Valid until 31 Mar 2027/)).toBeInTheDocument();
    expect(await screen.findByText('No organisation sits below this one.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Subscription' }));
    const seats = await screen.findByRole('textbox', { name: 'Seats' });
    expect(seats).toHaveValue('');
    expect(screen.getAllByText('Inherited').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('40')).toBeInTheDocument();
    // Someone else sets the plan meanwhile; I override the seats.
    own = { ...own, plan: 'trial', etag: '"v2"' };
    await user.type(seats, '12');
    await user.click(screen.getByRole('button', { name: 'Save subscription' }));
    const conflict = await screen.findByRole('alert');
    expect(conflict).toHaveTextContent('Plan');
    expect(conflict).toHaveTextContent('Trial');
    expect(seats).toHaveValue('12');
    await user.click(within(conflict).getByRole('button', { name: 'Keep my changes and save' }));
    expect(await screen.findByText('Subscription saved.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({
      etag: '"v2"',
      body: { plan: 'trial', seats: 12, maxRedemptions: 50, startsAt: null, endsAt: null },
    });

    // Reset to inherited: the seats go back to the organisation above's value when saved.
    await user.click(screen.getByRole('button', { name: 'Reset to inherited: Seats' }));
    await waitFor(() => expect(seats).toHaveValue(''));
    await user.click(screen.getByRole('button', { name: 'Save subscription' }));
    await waitFor(() => expect(sent.at(-1)?.body).toMatchObject({ seats: null }));
  });
});

describe('a new organisation', () => {
  it('checks the form, keeps what was typed when the name is taken, and sends the first administrator', async () => {
    const bodies: Array<{ body: unknown; max: string | null }> = [];
    server.use(
      http.get('*/organisation/:id/merged', () => HttpResponse.json(organisation(subscription({})))),
      http.get('*/organisation/:id/unmerged', () => HttpResponse.json(organisation(subscription({})))),
      http.post('*/organisation', async ({ request }) => {
        bodies.push({
          body: await request.json(),
          max: new URL(request.url).searchParams.get('maxRedemptions'),
        });
        if (bodies.length === 1) {
          return HttpResponse.json(
            {
              code: 'organisation_name_in_use',
              message: 'Taken.',
              details: { fields: { 'tubAdminOrganisationDetails.name': 'is already used' } },
            },
            { status: 409 },
          );
        }
        return new HttpResponse('org-new-1', { status: 201, headers: { 'Content-Type': 'text/plain' } });
      }),
      http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
    );
    const { user, router } = renderPortal(portal, '/organisations/new?parent=org-north', {
      translations,
      signedIn: admin,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New organisation' })).toBeInTheDocument();
    expect(await screen.findByText('Tend Health North')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the organisation' }));
    expect(await screen.findByText('Say how many patients may join.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /Organisation name/ }), 'North Clinic');
    await user.type(screen.getByRole('textbox', { name: /Places/ }), '25');
    await user.type(screen.getByRole('textbox', { name: /Their e-mail address/ }), 'jo@example.com');
    await user.type(screen.getByRole('textbox', { name: /Their first name/ }), 'Jo');
    await user.type(screen.getByRole('textbox', { name: /Their last name/ }), 'Ellis');
    await user.click(screen.getByRole('button', { name: 'Create the organisation' }));
    // The refused field is marked in the app's words (never the server's reason), the alert says why.
    expect(await screen.findByText('Please check this.')).toBeInTheDocument();
    expect(screen.queryByText('is already used')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Another organisation already has this name.');
    expect(screen.getByRole('textbox', { name: /Their e-mail address/ })).toHaveValue('jo@example.com');
    expect(bodies[0]).toEqual({
      body: {
        tubAdminOrganisationDetails: { name: 'North Clinic', parentOrganisation: 'org-north' },
        firstAdmin: { email: 'jo@example.com', firstName: 'Jo', lastName: 'Ellis' },
      },
      max: '25',
    });
    await user.clear(screen.getByRole('textbox', { name: /Organisation name/ }));
    await user.type(screen.getByRole('textbox', { name: /Organisation name/ }), 'North Clinic 2');
    await user.click(screen.getByRole('button', { name: 'Create the organisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisations/org-new-1'));
  });
});
