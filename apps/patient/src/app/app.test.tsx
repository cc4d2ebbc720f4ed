import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPortalTestServer, renderPortal, signIn, testSession } from '@tend/portal/testing';
import en from '../locales/en.json';
import { portal } from './portal.ts';

// What the patient app adds to the shared portal shape (tested in @tend/portal): its scope, its home, its words.
const { withMockServer } = createPortalTestServer({ summary: { firstName: 'Sam', lastName: 'Rivera', email: 'patient@example.com' } });
withMockServer();
const renderApp = (path: string, signedIn: string | null = null) =>
  renderPortal(portal, path, { translations: en, signedIn: signedIn ? testSession(signedIn) : null });

describe('patient app', () => {
  it('asks for the patient scope and lets a patient in without a second factor, to a home page in its words', async () => {
    expect(portal.scopes).toEqual({ required: ['patient'] });
    const { user } = renderApp('/');
    expect(await screen.findByText(/your space for moments, check-ins and support/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in – Tend'));
    await signIn(user, 'patient@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' })).toBeInTheDocument();
    expect(screen.getByText(/everything you log here is private/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home – Tend'));
  });

  it('refuses a therapist account with a clear message', async () => {
    const { user, auth } = renderApp('/authentication/login');
    await signIn(user, 'therapist@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account cannot sign in here.');
    expect(auth.getSnapshot().status).toBe('signedOut');
  });

  it('shows the shell with Home and Security, and the security page in the patient words', async () => {
    const { user } = renderApp('/', 'patient@example.com');
    const navigation = await screen.findByRole('navigation');
    expect(within(navigation).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await user.click(within(navigation).getByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByText(/no one else can get in with just your password/)).toBeInTheDocument();
  });
});
