import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createPortalTestServer, renderPortal } from '@tend/portal/testing';
import { portal } from './portal.ts';
import { en } from '../test/portal.ts';

const { withMockServer } = createPortalTestServer();
withMockServer();

describe('the way in from the sign-up (/authentication/welcome#handover=…)', () => {
  it('signs the new patient in with the hand-over and goes home', async () => {
    const { router } = renderPortal(portal, '/authentication/welcome#handover=handover-p1-abcdefghijklmnop', {
      translations: en,
    });
    expect(await screen.findByText('Signing you in to your new account…')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/authentication/welcome'));
    expect(router.state.location.hash).toBe('');
  });

  it('says plainly to sign in once with the new password when the hand-over is used or missing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPortal(portal, '/authentication/welcome#handover=handover-nobody-abcdefghijklmnop', {
      translations: en,
    });
    expect(
      await screen.findByText(/Sign in once with your e-mail address and the password you just chose/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/authentication/login');
  });

  it('never sends anything that is not a hand-over', async () => {
    renderPortal(portal, '/authentication/welcome#handover=<script>', { translations: en });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});
