import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPortalTestServer, enterCode, renderPortal, signIn } from '@tend/portal/testing';
import en from '../locales/en.json';
import { portal } from './portal.ts';

// What the therapist console adds to the shared portal shape (tested in @tend/portal): its scopes, its home, its words.
const { withMockServer } = createPortalTestServer({ summary: { firstName: 'Alex', lastName: 'Morgan', email: 'therapist@example.com' } });
withMockServer();

describe('therapist console', () => {
  it('asks for the therapist scope (lead therapist when held) and greets a therapist after the TOTP step', async () => {
    expect(portal.scopes).toEqual({ required: ['therapist'], optional: ['lead-therapist'] });
    const { user } = renderPortal(portal, '/', { translations: en });
    expect(await screen.findByText(/your caseload, chat requests and chats/)).toBeInTheDocument();
    await signIn(user, 'therapist@example.com');
    await enterCode(user, '123456');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Alex' })).toBeInTheDocument();
    expect(screen.getByText(/caseload, chats and availability will appear here/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home – Tend Therapist'));
  });

  it('refuses a patient with a clear message', async () => {
    const { user, auth } = renderPortal(portal, '/', { translations: en });
    await signIn(user, 'patient@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account cannot sign in here.');
    expect(auth.getSnapshot().status).toBe('signedOut');
  });
});
