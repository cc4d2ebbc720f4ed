import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import { FakeApiError } from '../test/fakes.ts';
import { EmailFactorSetup } from './EmailFactorSetup.tsx';
import { MfaConfigurationList, type MfaConfigurationItem } from './MfaConfigurationList.tsx';
import { groupSecret, TotpEnrolment } from './TotpEnrolment.tsx';

const URI =
  'otpauth://totp/Tend:therapist%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tend&algorithm=SHA1&digits=6&period=30';

describe('TotpEnrolment', () => {
  it('names the app, shows the QR code and the key as text, confirms with a code', async () => {
    const onCreate = vi.fn(async () => ({ id: 's9', secret: 'JBSWY3DPEHPK3PXP', uri: URI }));
    const onConfirm = vi.fn(async () => undefined);
    const onDone = vi.fn();
    const { user } = renderWithProviders(
      <TotpEnrolment onCreate={onCreate} onConfirm={onConfirm} onDone={onDone} />,
    );
    await user.click(screen.getByRole('button', { name: 'Add an authenticator app' }));
    expect(screen.getByText('Give this authenticator a name')).toBeInTheDocument();
    expect(onCreate).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/name for this authenticator/i), 'Work phone');
    await user.click(screen.getByRole('button', { name: 'Add an authenticator app' }));
    expect(onCreate).toHaveBeenCalledWith('Work phone');
    expect(
      await screen.findByRole('img', { name: 'QR code to add Tend to an authenticator app' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    const code = screen.getByLabelText(/code from the app/i);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledWith('s9', '123456');
  });

  it('shows a wrong code with the attempts left and stays on the step', async () => {
    const onConfirm = vi.fn().mockRejectedValue(new FakeApiError(401, 'mfa_invalid', { attemptsLeft: 2 }));
    const onDone = vi.fn();
    const { user } = renderWithProviders(
      <TotpEnrolment
        defaultLabel="Phone"
        onCreate={async () => ({ id: 's1', secret: 'JBSWY3DPEHPK3PXP', uri: URI })}
        onConfirm={onConfirm}
        onDone={onDone}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Add an authenticator app' }));
    await user.type(await screen.findByLabelText(/code from the app/i), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not correct.');
    expect(alert).toHaveTextContent('2 attempts left.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('groups a secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF==')).toBe('ABCD EF');
  });
});

const configs: MfaConfigurationItem[] = [
  {
    id: 's1',
    type: 'totp',
    label: 'Work phone',
    default: true,
    createdAt: '2026-11-01T10:00:00Z',
    lastUsedAt: '2026-11-20T10:00:00Z',
  },
  {
    id: 'email',
    type: 'email',
    label: 't***@example.com',
    default: false,
    createdAt: '2026-11-02T10:00:00Z',
  },
];

function list(props: Partial<Parameters<typeof MfaConfigurationList>[0]> = {}) {
  const handlers = {
    onRename: vi.fn(async () => undefined),
    onDelete: vi.fn(async () => undefined),
    onDeleteEmail: vi.fn(async () => undefined),
    onAddTotp: vi.fn(),
    onUseEmail: vi.fn(),
  };
  const view = renderWithProviders(
    <MfaConfigurationList configurations={configs} required {...handlers} {...props} />,
  );
  return { ...view, ...handlers };
}

describe('MfaConfigurationList', () => {
  it('lists authenticator apps and the e-mail code with the default marked', () => {
    list();
    expect(screen.getByRole('heading', { name: 'Authenticator apps' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(within(items[0]!).getByText('Work phone')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Default')).toBeInTheDocument();
    expect(screen.getByText('t***@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use e-mail codes by default' })).toBeInTheDocument();
  });

  it('renames an authenticator', async () => {
    const { user, onRename } = list();
    await user.click(screen.getByRole('button', { name: 'Rename: Work phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Work phone' });
    const input = within(dialog).getByLabelText(/name for this authenticator/i);
    await user.clear(input);
    await user.type(input, 'Old phone');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(onRename).toHaveBeenCalledWith('s1', 'Old phone'));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
  });

  it('deletes an authenticator after confirmation', async () => {
    const { user, onDelete } = list();
    await user.click(screen.getByRole('button', { name: 'Delete: Work phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Work phone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete authenticator' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith('s1'));
  });

  it('keeps a failed change visible in the dialog', async () => {
    const { user } = list({ onDelete: vi.fn().mockRejectedValue(new FakeApiError(503, 'unavailable')) });
    await user.click(screen.getByRole('button', { name: 'Delete: Work phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Work phone?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete authenticator' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Tend is not answering right now.');
  });

  it('will not delete the only factor of someone who must have one', async () => {
    const { user, onDelete } = list({ configurations: [configs[0]!] });
    await user.click(screen.getByRole('button', { name: 'Delete: Work phone' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/You cannot delete your only second factor/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete authenticator' })).not.toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('makes another factor the default directly, and shows a failure above the list', async () => {
    const twoApps: MfaConfigurationItem[] = [
      configs[0]!,
      { id: 's2', type: 'totp', label: 'Tablet', default: false, createdAt: '2026-11-03T10:00:00Z' },
      { ...configs[1]!, default: false },
    ];
    const onMakeDefault = vi
      .fn()
      .mockRejectedValueOnce(new FakeApiError(503, 'unavailable'))
      .mockResolvedValue(undefined);
    const { user, onUseEmail } = list({ configurations: twoApps, onMakeDefault });
    expect(screen.queryByRole('button', { name: 'Make default: Work phone' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make default: Tablet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tend is not answering right now.');
    await user.click(screen.getByRole('button', { name: 'Make default: Tablet' }));
    await waitFor(() => expect(onMakeDefault).toHaveBeenLastCalledWith('s2'));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use e-mail codes by default' }));
    await waitFor(() => expect(onMakeDefault).toHaveBeenLastCalledWith('email'));
    // A configured e-mail factor needs no new code to become the default.
    expect(onUseEmail).not.toHaveBeenCalled();
  });

  it('turns the e-mail code off', async () => {
    const { user, onDeleteEmail } = list();
    await user.click(screen.getByRole('button', { name: 'Turn off e-mail codes' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn off codes by e-mail?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off e-mail codes' }));
    await waitFor(() => expect(onDeleteEmail).toHaveBeenCalled());
  });
});

describe('EmailFactorSetup', () => {
  it('sends a code and confirms it', async () => {
    const onSend = vi.fn(async () => ({ challengeId: 'ch1', sentTo: 'p***@example.com' }));
    const onConfirm = vi.fn(async () => undefined);
    const onDone = vi.fn();
    const { user } = renderWithProviders(
      <EmailFactorSetup onSend={onSend} onConfirm={onConfirm} onDone={onDone} />,
    );
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/We sent a 6-digit code to p\*\*\*@example.com/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/verification code/i), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledWith('ch1', '246810');
  });
});
