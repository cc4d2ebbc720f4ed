import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getGetMyTimezoneMockHandler,
  getListMyIntakeOrganisationsMockHandler,
  getListRiskAlertsMockHandler,
} from '@tend/api/msw';
import type { RiskAlert } from '@tend/api/model';
import { enterCode, renderPortal, signIn } from '@tend/portal/testing';
import intakeEn from '../features/intake/locales/en.json';
import en from '../locales/en.json';
import { portal } from './portal.ts';
import { openRiskAlert, therapistTestServer } from '../test/console.tsx';

// What the therapist console adds to the shared portal shape (tested in @tend/portal): its scopes, its home,
// its navigation (the open alerts counted), its words.
const { server } = therapistTestServer();

const alert: RiskAlert = openRiskAlert({
  alertId: 'a1',
  patientId: 'patient-07',
  firstName: 'Isla',
  lastName: 'Murray',
  reason: 'PHQ-9 item 9 (thoughts of self-harm) answered 1 of 3.',
  createdAt: '2026-11-23T09:05:00Z',
});

describe('therapist console', () => {
  it('asks for the therapist scope (lead therapist when held) and greets a therapist after the TOTP step, with who needs them first', async () => {
    server.use(
      getListRiskAlertsMockHandler({ items: [alert], skip: 0, limit: 5, total: 1, unacknowledged: 1 }),
      getGetMyTimezoneMockHandler({ timezone: 'Europe/London' }),
    );
    expect(portal.scopes).toEqual({ required: ['therapist'], optional: ['lead-therapist'] });
    const { user } = renderPortal(portal, '/', { translations: en });
    expect(await screen.findByText(/your caseload, chat requests and chats/)).toBeInTheDocument();
    await signIn(user, 'therapist@example.com');
    await enterCode(user, '123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    const first = screen.getByRole('region', { name: 'Who needs you first' });
    expect(await within(first).findByRole('link', { name: 'Isla Murray' })).toHaveAttribute(
      'href',
      '/patients/patient-07',
    );
    expect(within(first).getByText('1 open risk alert.')).toBeInTheDocument();
    // The navigation counts the open alerts; the count is part of the link's name.
    expect(await screen.findByRole('link', { name: 'Risk alerts 1 open alert' })).toHaveAttribute(
      'href',
      '/alerts',
    );
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Caseload', 'Availability', 'Profile'])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home – Tend Therapist'));
  });

  it('says so when nothing is open, and the navigation shows no count', async () => {
    server.use(
      getListRiskAlertsMockHandler({ items: [], skip: 0, limit: 5, total: 0, unacknowledged: 0 }),
      getGetMyTimezoneMockHandler({ timezone: 'Europe/London' }),
    );
    const { user } = renderPortal(portal, '/', { translations: en });
    await signIn(user, 'therapist@example.com');
    await enterCode(user, '123456');
    expect(await screen.findByText(/No open risk alerts/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', {
        name: 'Risk alerts',
      }),
    ).toBeInTheDocument();
  });

  const signedInWith = async (items: Array<{ organisationId: string; name: string }>) => {
    server.use(
      getListRiskAlertsMockHandler({ items: [], skip: 0, limit: 5, total: 0, unacknowledged: 0 }),
      getGetMyTimezoneMockHandler({ timezone: 'Europe/London' }),
      getListMyIntakeOrganisationsMockHandler({ items }),
    );
    const { user } = renderPortal(portal, '/', { translations: { ...en, intake: intakeEn } });
    await signIn(user, 'therapist@example.com');
    await enterCode(user, '123456');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' });
    return screen.getByRole('navigation', { name: 'Main navigation' });
  };

  it('shows Intake in the navigation to a lead therapist', async () => {
    const nav = await signedInWith([{ organisationId: 'org-1', name: 'Tend Health' }]);
    expect(await within(nav).findByRole('link', { name: 'Intake' })).toHaveAttribute('href', '/intake');
  });

  it('shows no Intake to a therapist who is not a lead', async () => {
    const nav = await signedInWith([]);
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument());
    expect(within(nav).queryByRole('link', { name: 'Intake' })).toBeNull();
  });

  it('refuses a patient with a clear message', async () => {
    const { user, auth } = renderPortal(portal, '/', { translations: en });
    await signIn(user, 'patient@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account cannot sign in here.');
    expect(auth.getSnapshot().status).toBe('signedOut');
  });
});
