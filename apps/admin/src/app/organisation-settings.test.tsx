import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppSettings, Organisation, OrganisationDetails } from '@tend/api/model';
import { organisationOf } from '../test/organisation.ts';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { portal } from './portal.ts';
import appEn from '../locales/en.json';
import en from '../features/organisations/locales/en.json';

const { server, withMockServer } = createPortalTestServer();
withMockServer();

const translations = { ...appEn, organisations: en };
const admin = testSession('admin@example.com');
const baseHandlers = (merged: Organisation) => [
  http.get('*/organisation/:id/merged', () => HttpResponse.json(merged)),
  http.get('*/organisation/:id/unmerged', () => HttpResponse.json(organisationOf())),
  http.get('*/organisation/list', () => HttpResponse.json({ items: [], lastPage: null })),
];

describe('app settings', () => {
  it('shows a switch inherited with the value in effect, overrides it, and on a 412 keeps my change', async () => {
    const merged: AppSettings = {
      chatEnabled: true,
      journalEnabled: false,
      idleTimeoutMinutes: 30,
      etag: '"m"',
    };
    let own: AppSettings = {
      chatEnabled: null,
      journalEnabled: null,
      idleTimeoutMinutes: null,
      etag: '"v1"',
    };
    const sent: Array<{ etag: string | null; body: Record<string, unknown> }> = [];
    server.use(
      ...baseHandlers(organisationOf({ appSettings: merged })),
      http.get('*/organisation/:id/app-settings/unmerged', () =>
        HttpResponse.json(own, { headers: { ETag: own.etag } }),
      ),
      http.patch('*/organisation/:id/app-settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ etag: request.headers.get('ETag'), body });
        if (request.headers.get('ETag') !== own.etag) {
          return HttpResponse.json(
            { code: 'etag_mismatch', message: 'Changed.', details: { currentEtag: own.etag, current: own } },
            { status: 412, headers: { ETag: own.etag } },
          );
        }
        own = { ...own, ...body, etag: '"v3"' } as AppSettings;
        return HttpResponse.json(own, { headers: { ETag: own.etag } });
      }),
    );
    const { user } = renderPortal(portal, '/organisations/org-north?tab=app', {
      translations,
      signedIn: admin,
    });
    const group = await screen.findByTestId('field-chatEnabled');
    expect(within(group).getByText('Inherited')).toBeInTheDocument();
    expect(group).toHaveTextContent('In effect now: On');
    expect(screen.getByTestId('field-idleTimeoutMinutes')).toHaveTextContent('In effect now: 30');

    // Someone else sets the journal meanwhile; I turn the chat off.
    own = { ...own, journalEnabled: true, etag: '"v2"' };
    await user.click(within(group).getByRole('combobox', { name: 'Chat with a therapist' }));
    await user.click(await screen.findByRole('option', { name: 'Off' }));
    expect(within(group).getByText('Set here')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save app settings' }));
    const conflict = await screen.findByRole('alert');
    expect(conflict).toHaveTextContent('Journal');
    await user.click(within(conflict).getByRole('button', { name: 'Keep my changes and save' }));
    expect(await screen.findByText('App settings saved.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({
      etag: '"v2"',
      body: {
        chatEnabled: false,
        emergencyChatEnabled: null,
        journalEnabled: true,
        cbtEnabled: null,
        screeningEnabled: null,
        responseHours: null,
        escalationMinutes: null,
        defaultLanguage: null,
        idleTimeoutMinutes: null,
        crisisLines: null,
      },
    });

    await user.click(screen.getByRole('button', { name: 'Reset to inherited: Chat with a therapist' }));
    await user.click(screen.getByRole('button', { name: 'Save app settings' }));
    await waitFor(() => expect(sent.at(-1)?.body).toMatchObject({ chatEnabled: null, journalEnabled: true }));
  });
});

describe('crisis lines', () => {
  it('shows the lines in effect above, and saves a list of the organisation’s own (the last one removed: inherited again)', async () => {
    let own: AppSettings = { etag: '"c1"' };
    const sent: Array<Record<string, unknown>> = [];
    server.use(
      ...baseHandlers(
        organisationOf({
          appSettings: { crisisLines: [{ name: 'Samaritans', phone: '116 123' }], etag: '"m"' },
        }),
      ),
      http.get('*/organisation/:id/app-settings/unmerged', () =>
        HttpResponse.json(own, { headers: { ETag: own.etag } }),
      ),
      http.patch('*/organisation/:id/app-settings', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        own = { ...own, ...body, etag: `"c${sent.length + 1}"` } as AppSettings;
        return HttpResponse.json(own, { headers: { ETag: own.etag } });
      }),
    );
    const { user } = renderPortal(portal, '/organisations/org-north?tab=app', {
      translations,
      signedIn: admin,
    });
    const group = await screen.findByTestId('field-crisisLines');
    expect(group).toHaveTextContent('In effect now: Samaritans (116 123)');
    await user.click(within(group).getByRole('button', { name: 'Add a crisis line' }));
    // Pasted, not typed key by key: each key re-renders the whole settings form, which on a starved CI core
    // made this one test take minutes.
    await user.click(within(group).getByRole('textbox', { name: /Name of line 1/ }));
    await user.paste('North Crisis Team');
    await user.click(within(group).getByRole('textbox', { name: /Phone of line 1/ }));
    await user.paste('0800 000 111');
    await user.click(screen.getByRole('button', { name: 'Save app settings' }));
    expect(await screen.findByText('App settings saved.')).toBeInTheDocument();
    expect(sent.at(-1)?.crisisLines).toEqual([{ name: 'North Crisis Team', phone: '0800 000 111' }]);
    await user.click(within(group).getByRole('button', { name: 'Remove line 1' }));
    expect(within(group).getByText('Inherited')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save app settings' }));
    await waitFor(() => expect(sent.at(-1)?.crisisLines).toBeNull());
  });
});

describe('details', () => {
  it('checks a logo’s type and size before sending anything', async () => {
    const own: OrganisationDetails = { name: 'Tend Health North', etag: '"d1"' };
    let policies = 0;
    server.use(
      ...baseHandlers(
        organisationOf({
          details: { name: 'Tend Health North', contactEmail: 'hello@tend.example', etag: '"m"' },
        }),
      ),
      http.get('*/organisation/:id/details/unmerged', () =>
        HttpResponse.json(own, { headers: { ETag: own.etag } }),
      ),
      http.get('*/organisation/image-upload-policy-document', () => {
        policies += 1;
        return HttpResponse.json({ code: 'unexpected', message: 'x', details: {} }, { status: 500 });
      }),
    );
    renderPortal(portal, '/organisations/org-north?tab=details', { translations, signedIn: admin });
    const contact = await screen.findByTestId('field-contactEmail');
    expect(within(contact).getByText('hello@tend.example')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Tend Health North');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText(/not a PNG, JPEG or SVG image/)).toBeInTheDocument();
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })] },
    });
    expect(await screen.findByText(/larger than 2 MB/)).toBeInTheDocument();
    expect(policies).toBe(0);
  });
});

describe('add an existing patient', () => {
  it('finds a patient by e-mail, says where they are now, and adds them; an unknown address is said plainly', async () => {
    const added: string[] = [];
    server.use(
      ...baseHandlers(organisationOf()),
      http.get('*/organisation/:id/details/unmerged', () =>
        HttpResponse.json({ name: 'Tend Health North', etag: '"d1"' }),
      ),
      http.get('*/organisation/:id/patient-lookup', ({ request }) => {
        const email = new URL(request.url).searchParams.get('email');
        if (email !== 'sam@example.com')
          return HttpResponse.json({ code: 'not_found', message: 'No.', details: {} }, { status: 404 });
        return HttpResponse.json({
          patientId: 'p-1',
          email,
          firstName: 'Sam',
          lastName: 'Ellis',
          organisationId: 'org-root',
          organisationName: 'Tend Health',
          memberHere: false,
        });
      }),
      http.put('*/organisation/:id/patient/:patient', ({ params }) => {
        added.push(String(params.patient));
        return HttpResponse.json({
          organisationId: 'org-north',
          patientId: params.patient,
          joinedAt: '2026-11-24T10:00:00Z',
        });
      }),
    );
    const { user } = renderPortal(portal, '/organisations/org-north?tab=join', {
      translations,
      signedIn: admin,
    });
    const email = await screen.findByRole('textbox', { name: "Patient's e-mail" });
    await user.type(email, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Find patient' }));
    expect(
      await screen.findByText(/None of your organisations has a patient with this e-mail address/),
    ).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Find patient' }));
    const match = await screen.findByTestId('patient-match');
    expect(match).toHaveTextContent('Sam Ellis');
    expect(match).toHaveTextContent('Now with Tend Health');
    await user.click(within(match).getByRole('button', { name: 'Add to Tend Health North' }));
    expect(await within(match).findByText('Added to Tend Health North.')).toBeInTheDocument();
    expect(added).toEqual(['p-1']);
  });
});
