import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { portal } from './portal.ts';
import appEn from '../locales/en.json';
import staffEn from '../features/staff/locales/en.json';
import organisationsEn from '../features/organisations/locales/en.json';

const { server, withMockServer } = createPortalTestServer();
withMockServer();

const translations = { ...appEn, staff: staffEn, organisations: organisationsEn };
const ORG = 'org-tend-health';
const admin = testSession('admin@example.com', ['org-admin']);
const roles = http.get(`*/organisation/${ORG}/roles`, () =>
  HttpResponse.json({
    items: [
      {
        userId: 't-1',
        firstName: 'Jo',
        lastName: 'Leaving',
        email: 'jo@example.com',
        scopes: ['therapist', 'lead-therapist'],
        via: ORG,
        viaName: 'Tend Health',
        staffRoles: ['therapist'],
      },
    ],
    lastPage: null,
    patients: 2,
  }),
);
/** Jo's patients (Sam, their lead therapist, and Kit), and the colleague who could take them. */
const joPatients = http.get(`*/organisation/${ORG}/staff/t-1/patients`, () =>
  HttpResponse.json({
    items: [
      { patientId: 'p-1', firstName: 'Sam', lastName: 'One', isLead: true },
      { patientId: 'p-2', firstName: 'Kit', lastName: 'Two', isLead: false },
    ],
    therapists: [{ userId: 't-2', firstName: 'Bea', lastName: 'Colleague' }],
  }),
);

describe('staff', () => {
  it('removes a therapist only once each patient has a place, and says where they went', async () => {
    const sent: unknown[] = [];
    server.use(
      roles,
      joPatients,
      http.post(`*/organisation/${ORG}/staff/t-1/remove`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ userId: 't-1', toTherapists: 1, toIntake: 1 });
      }),
    );
    const { user } = renderPortal(portal, `/organisations/${ORG}/staff/t-1/remove`, {
      translations,
      signedIn: admin,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Remove Jo Leaving from the organisation' }),
    ).toBeInTheDocument();
    const sam = await screen.findByRole('combobox', { name: /Where does Sam One go\?/ });
    const kit = screen.getByRole('combobox', { name: /Where does Kit Two go\?/ });
    await user.click(screen.getByRole('button', { name: 'Remove Jo Leaving' }));
    expect(await screen.findAllByText('Choose where this patient goes.')).toHaveLength(2);
    expect(sent).toEqual([]);

    await user.selectOptions(sam, 'Bea Colleague');
    await user.selectOptions(kit, 'The intake queue (no therapist for now)');
    await user.click(screen.getByRole('button', { name: 'Remove Jo Leaving' }));
    expect(
      await screen.findByText(
        'Removed. Patients now with another therapist: 1. Patients in the intake queue: 1.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        placements: [
          { patientId: 'p-1', therapistId: 't-2' },
          { patientId: 'p-2', therapistId: null },
        ],
      },
    ]);
  });

  it('moves a patient only with a new therapist and a reason, after a confirmation, and says who is told', async () => {
    const sent: unknown[] = [];
    server.use(
      roles,
      joPatients,
      http.get(`*/organisation/${ORG}/therapist-load`, () =>
        HttpResponse.json({
          items: [
            {
              therapistId: 't-1',
              firstName: 'Jo',
              lastName: 'Leaving',
              organisationId: ORG,
              patients: 2,
              highRiskPatients: 0,
              openAlerts: 0,
              waitingChatRequests: 0,
            },
            {
              therapistId: 't-3',
              firstName: 'Cy',
              lastName: 'Busy',
              organisationId: ORG,
              patients: 9,
              highRiskPatients: 2,
              openAlerts: 1,
              waitingChatRequests: 0,
            },
            {
              therapistId: 't-2',
              firstName: 'Bea',
              lastName: 'Colleague',
              organisationId: ORG,
              patients: 1,
              highRiskPatients: 0,
              openAlerts: 0,
              waitingChatRequests: 0,
            },
          ],
        }),
      ),
      http.post(`*/organisation/${ORG}/patient/p-1/reassignment`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          patientId: 'p-1',
          therapistId: 't-2',
          previousTherapistId: 't-1',
          reason: 'Closer to home',
          assignedAt: '2026-11-26T10:00:00Z',
        });
      }),
    );
    const { user } = renderPortal(portal, `/organisations/${ORG}/staff/t-1/move`, {
      translations,
      signedIn: admin,
    });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Move a patient of Jo Leaving to another therapist',
      }),
    ).toBeInTheDocument();
    // Only the patient whose care they lead can move; the therapists with the most room first, not Jo.
    const patient = await screen.findByRole('combobox', { name: /^Patient/ });
    expect([...patient.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Choose…', 'Sam One']);
    const therapist = screen.getByRole('combobox', { name: /^New therapist/ });
    expect([...therapist.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Choose…',
      'Bea Colleague · 1 patient, 0 high risk',
      'Cy Busy · 9 patients, 2 high risk',
    ]);
    await user.click(screen.getByRole('button', { name: 'Move the patient' }));
    expect(await screen.findByText('Say why the patient moves.')).toBeInTheDocument();
    expect(screen.getByText('Choose the therapist who takes over.')).toBeInTheDocument();

    await user.selectOptions(patient, 'Sam One');
    await user.selectOptions(therapist, 'Bea Colleague · 1 patient, 0 high risk');
    await user.type(screen.getByRole('textbox', { name: /^Why the patient moves/ }), '  Closer to home ');
    await user.click(screen.getByRole('button', { name: 'Move the patient' }));
    expect(await screen.findByText('Move Sam One to Bea Colleague?')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Yes, move Sam One' }));
    expect(await screen.findByTestId('move-done')).toHaveTextContent('Sam One is now with Bea Colleague.');
    expect(sent).toEqual([{ therapistId: 't-2', reason: 'Closer to home' }]);
  });

  it('keeps what was typed when the address already has an account', async () => {
    server.use(
      roles,
      http.get(`*/organisation/${ORG}/staff-invitations`, () =>
        HttpResponse.json({ items: [], lastPage: null }),
      ),
      http.get(`*/organisation/${ORG}/merged`, () =>
        HttpResponse.json({ code: 'not_found', message: 'x' }, { status: 404 }),
      ),
      http.get(`*/organisation/${ORG}/unmerged`, () =>
        HttpResponse.json({ code: 'not_found', message: 'x' }, { status: 404 }),
      ),
      http.post(`*/organisation/${ORG}/staff-invitations`, () =>
        HttpResponse.json({ code: 'email_in_use', message: 'x', details: {} }, { status: 409 }),
      ),
    );
    const { user } = renderPortal(portal, `/organisations/${ORG}/staff`, { translations, signedIn: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    expect(await screen.findByText('No invitation is waiting for an answer.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'taken@example.com');
    await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Taken');
    await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Person');
    await user.click(screen.getByRole('radio', { name: /Administrator/ }));
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect(await screen.findByText(/This address already has a Tend account/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('taken@example.com');
    expect(screen.getByRole('radio', { name: /Administrator/ })).toBeChecked();
  });
});
