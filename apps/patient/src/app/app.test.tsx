import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, beforeEach } from 'vitest';
import { getListSurveySessionsMockHandler } from '@tend/api/msw';
import { resetCrisisPanel } from '@tend/domain/crisis';
import { renderPortal, signIn, testSession } from '@tend/portal/testing';
import { emptyTodayHandlers } from '../test/handlers.ts';
import { portal } from './portal.ts';
import { en, patientPageServer } from '../test/portal.ts';

// The app's namespace as served: src/locales/en.json plus each feature's words.

// What the patient app adds to the shared portal shape (tested in @tend/portal): its scope, Today, Get help now, its words.
const server = patientPageServer();
// These patients' organisation offers no onboarding survey (features/onboarding: the gate lets them through).
beforeEach(() => server.use(getListSurveySessionsMockHandler({ items: [] })));
afterEach(() => resetCrisisPanel());
const today = () => server.use(...emptyTodayHandlers());
const renderApp = (path: string, signedIn: string | null = null) =>
  renderPortal(portal, path, { translations: en, signedIn: signedIn ? testSession(signedIn) : null });

describe('patient app', () => {
  it('asks for the patient scope and lets a patient in without a second factor, to its home (Today) in its words', async () => {
    today();
    expect(portal.scopes).toEqual({ required: ['patient'] });
    const { user } = renderApp('/');
    // The first render of the suite transforms the app's modules: slow on a busy machine.
    expect(await screen.findByText(/your space for moments, check-ins and support/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in – Tend'));
    await signIn(user, 'patient@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeInTheDocument();
    expect(screen.getByText(/everything you log here is private/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: "Do today's check-up" })).toHaveAttribute(
      'href',
      '/checkup',
    );
    await waitFor(() => expect(document.title).toBe('Home – Tend'));
  });

  it('refuses a therapist account with a clear message', async () => {
    const { user, auth } = renderApp('/authentication/login');
    await signIn(user, 'therapist@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account cannot sign in here.');
    expect(auth.getSnapshot().status).toBe('signedOut');
  });

  it('opens the crisis panel from the sign-in page by keyboard, with no call to the server', async () => {
    resetCrisisPanel();
    const { user } = renderApp('/authentication/login');
    const button = await screen.findByRole('button', { name: 'Get help now' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Get help now' });
    expect(within(dialog).getByRole('link', { name: 'Call 999' })).toHaveAttribute('href', 'tel:999');
    expect(within(dialog).getByRole('link', { name: 'Call 111, then choose option 2' })).toHaveAttribute(
      'href',
      'tel:111',
    );
    expect(within(dialog).getByRole('link', { name: 'Call Samaritans on 116 123' })).toHaveAttribute(
      'href',
      'tel:116123',
    );
    expect(within(dialog).getByRole('link', { name: 'Text SHOUT to 85258' })).toHaveAttribute(
      'href',
      'sms:85258?body=SHOUT',
    );
    // signed out: no emergency chat (and no request was made: unhandled requests fail this file)
    expect(within(dialog).queryByText('Talk to your care team')).toBeNull();
  });

  it('shows the shell with the patient entries and Security', async () => {
    today();
    const { user } = renderApp('/', 'patient@example.com');
    const navigation = await screen.findByRole('navigation');
    for (const name of [
      'Home',
      'Check-up',
      'Journal',
      'CBT toolkit',
      'Mood and anxiety',
      'Exercises',
      'Timeline',
      'Progress',
      'Security',
    ]) {
      expect(within(navigation).getByRole('link', { name })).toBeInTheDocument();
    }
    await user.click(within(navigation).getByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByText(/no one else can get in with just your password/)).toBeInTheDocument();
  });
});
