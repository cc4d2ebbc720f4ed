import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getRenameOtpSecretMockHandler } from '@tend/api/msw';
import type { MfaConfiguration } from '@tend/api';
import { renderApp, server, withMockServer } from '../../test/renderApp.tsx';

withMockServer();

const patient = { uid: 'p1', email: 'patient@example.com', scopes: ['patient'], signedInAt: Date.now(), reauthAt: Date.now() };

function configurationsServer(initial: MfaConfiguration[]) {
  let list = [...initial];
  server.use(
    http.get('*/iams/mfa/configurations', () => HttpResponse.json({ configurations: list, required: false })),
    http.post('*/iams/mfa/otp/challenge-response', async ({ request }) => {
      const body = (await request.json()) as { otpSecretId: string; code: string };
      if (body.code !== '111111') return HttpResponse.json({ code: 'mfa_invalid', message: 'x', details: { attemptsLeft: 4 } }, { status: 401 });
      list = [...list, { id: body.otpSecretId, type: 'totp', label: 'Tablet', default: false, createdAt: new Date().toISOString() }];
      return HttpResponse.json({ verified: true, configurationId: body.otpSecretId });
    }),
  );
  return { rename: (id: string, label: string) => (list = list.map((c) => (c.id === id ? { ...c, label } : c))) };
}

describe('security page', () => {
  it('lists the second factors and adds an authenticator app with the generated calls', async () => {
    configurationsServer([{ id: 's1', type: 'totp', label: 'Work phone', default: true, createdAt: '2026-11-01T10:00:00Z', lastUsedAt: null }]);
    const { user } = renderApp('/security', { signedIn: patient });
    expect(await screen.findByText('Work phone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an authenticator app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an authenticator app' });
    await user.type(within(dialog).getByLabelText(/name for this authenticator/i), 'Tablet');
    await user.click(within(dialog).getByRole('button', { name: 'Add an authenticator app' }));
    expect(await within(dialog).findByRole('img', { name: /QR code/ })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/code from the app/i), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and turn on' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('4 attempts left.');
    await user.clear(within(dialog).getByLabelText(/code from the app/i));
    await user.type(within(dialog).getByLabelText(/code from the app/i), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and turn on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Tablet')).toBeInTheDocument();
  });

  it('renames an authenticator (a recent sign-in counts as re-authentication)', async () => {
    const state = configurationsServer([{ id: 's1', type: 'totp', label: 'Work phone', default: true, createdAt: '2026-11-01T10:00:00Z' }]);
    server.use(
      getRenameOtpSecretMockHandler(async ({ request, params }) => {
        const { label } = (await request.json()) as { label: string };
        state.rename(String(params.id), label);
        return { id: String(params.id), label, confirmed: true, createdAt: '2026-11-01T10:00:00Z', lastUsedAt: null };
      }),
    );
    const { user } = renderApp('/security', { signedIn: patient });
    await user.click(await screen.findByRole('button', { name: 'Rename: Work phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Work phone' });
    const input = within(dialog).getByLabelText(/name for this authenticator/i);
    await user.clear(input);
    await user.type(input, 'Old phone');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Old phone')).toBeInTheDocument();
    expect(screen.getByText('Saved.')).toBeInTheDocument();
  });
});
