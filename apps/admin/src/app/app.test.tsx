import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPortalTestServer, enterCode, renderPortal, signIn, testSession } from '@tend/portal/testing';
import en from '../locales/en.json';
import { portal } from './portal.ts';

// What the admin console adds to the shared portal shape (tested in @tend/portal): its scopes, its home, its words.
const { withMockServer } = createPortalTestServer({
  summary: { firstName: 'Riley', lastName: 'Adams', email: 'admin@example.com' },
});
withMockServer();

describe('admin console', () => {
  it('asks for the org-admin scope (data export when held), and signs an administrator in with TOTP', async () => {
    expect(portal.scopes).toEqual({ required: ['org-admin'], optional: ['data-export'] });
    const { user, auth } = renderPortal(portal, '/authentication/login', { translations: en });
    expect(await screen.findByText(/administration console for organisations/)).toBeInTheDocument();
    await signIn(user, 'admin@example.com');
    await enterCode(user, '654321');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Riley' })).toBeInTheDocument();
    expect(auth.getSnapshot().user?.scopes).toEqual(['org-admin', 'data-export']);
    await waitFor(() => expect(document.title).toBe('Home – Tend Admin'));
  });

  it('keeps patients out, and shows an administrator the security page in its words', async () => {
    const refused = renderPortal(portal, '/', { translations: en });
    await signIn(refused.user, 'patient@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account cannot sign in here.');
    refused.unmount();
    renderPortal(portal, '/security', { translations: en, signedIn: testSession('admin@example.com') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(screen.getByText(/Your role needs two-step verification/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Security – Tend Admin'));
  });
});
