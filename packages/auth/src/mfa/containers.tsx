/**
 * The MFA components wired to the generated calls (packages/api). The components stay props-driven; these
 * containers only supply the callbacks, re-authenticating before sensitive changes.
 */
import { Alert, Loader, Modal, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  createOtpSecret,
  deleteDefaultEmailFactor,
  deleteOtpSecret,
  getListMfaConfigurationsQueryKey,
  getGetMfaOptionsQueryKey,
  renameOtpSecret,
  respondEmailChallenge,
  respondOtpChallenge,
  sendEmailChallenge,
  setDefaultMfaFactor,
  useListMfaConfigurations,
} from '@tend/api';
import { useAuthTranslation } from '../i18n.ts';
import { useAuth } from '../session/authContext.ts';
import { useReauthenticate } from '../session/Reauthentication.tsx';
import { EmailFactorSetup } from './EmailFactorSetup.tsx';
import { MfaConfigurationList, type MfaConfigurationItem } from './MfaConfigurationList.tsx';
import { TotpEnrolment, type CreatedTotpSecret } from './TotpEnrolment.tsx';

/** Calls that change second factors, and the refresh of what the security page shows. */
export function useMfaMutations() {
  const queryClient = useQueryClient();
  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: getListMfaConfigurationsQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getGetMfaOptionsQueryKey() }),
    ]);
  }, [queryClient]);
  return {
    refresh,
    async createTotp(label: string): Promise<CreatedTotpSecret> {
      const created = await createOtpSecret({ label });
      return { id: created.id, secret: created.secret, uri: created.otpauthUri };
    },
    async confirmTotp(id: string, code: string) {
      await respondOtpChallenge({ otpSecretId: id, code });
      await refresh();
    },
    async rename(id: string, label: string) {
      await renameOtpSecret(id, { label });
      await refresh();
    },
    async remove(id: string) {
      await deleteOtpSecret(id);
      await refresh();
    },
    async sendEmail() {
      const challenge = await sendEmailChallenge();
      return { challengeId: challenge.challengeId, sentTo: challenge.sentTo };
    },
    async confirmEmail(challengeId: string, code: string) {
      await respondEmailChallenge({ challengeId, code });
      await refresh();
    },
    async removeEmail() {
      await deleteDefaultEmailFactor();
      await refresh();
    },
    async makeDefault(id: string) {
      await setDefaultMfaFactor({ id });
      await refresh();
    },
  };
}

/**
 * TOTP enrolment with the server. With a session that already has a second factor the server wants a
 * recent re-authentication to create a secret: asked for first. At sign-in (no session yet) it runs on
 * the password sign-in's token.
 */
export function TotpEnrolmentContainer({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const m = useMfaMutations();
  const { status } = useAuth();
  const { withReauthentication } = useReauthenticate();
  return (
    <TotpEnrolment
      onCreate={(label) => (status === 'signedIn' ? withReauthentication(() => m.createTotp(label)) : m.createTotp(label))}
      onConfirm={(id, code) => m.confirmTotp(id, code)}
      onDone={onDone}
      onCancel={onCancel}
    />
  );
}

/** The security page's two-step verification section: the list, adding an app, the e-mail code. */
export function MfaSettings() {
  const { ta } = useAuthTranslation();
  const query = useListMfaConfigurations();
  const m = useMfaMutations();
  const { withReauthentication } = useReauthenticate();
  const [adding, setAdding] = useState<'totp' | 'email' | null>(null);

  if (query.isPending) return <Loader aria-label={ta('config.title')} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {ta('config.loadFailed')}
      </Alert>
    );
  }
  const configurations: MfaConfigurationItem[] = query.data.configurations.map((c) => ({
    id: c.id,
    type: c.type,
    label: c.label,
    default: c.default,
    createdAt: c.createdAt,
    lastUsedAt: c.lastUsedAt ?? null,
  }));
  return (
    <Stack gap="lg">
      <MfaConfigurationList
        configurations={configurations}
        required={query.data.required}
        onRename={(id, label) => withReauthentication(() => m.rename(id, label))}
        onDelete={(id) => withReauthentication(() => m.remove(id))}
        onDeleteEmail={() => withReauthentication(() => m.removeEmail())}
        onAddTotp={() => setAdding('totp')}
        onUseEmail={() => setAdding('email')}
        onMakeDefault={(id) => m.makeDefault(id)}
      />
      <Modal
        opened={adding === 'totp'}
        onClose={() => setAdding(null)}
        title={ta('enrol.title')}
        size="lg"
        closeButtonProps={{ 'aria-label': ta('enrol.cancel') }}
      >
        <TotpEnrolment
          onCreate={(label) => withReauthentication(() => m.createTotp(label))}
          onConfirm={(id, code) => m.confirmTotp(id, code)}
          onDone={() => setAdding(null)}
          onCancel={() => setAdding(null)}
        />
      </Modal>
      <Modal
        opened={adding === 'email'}
        onClose={() => setAdding(null)}
        title={ta('config.emailMakeDefault')}
        closeButtonProps={{ 'aria-label': ta('enrol.cancel') }}
      >
        <EmailFactorSetup
          onSend={() => withReauthentication(() => m.sendEmail())}
          onConfirm={(challengeId, code) => m.confirmEmail(challengeId, code)}
          onDone={() => setAdding(null)}
          onCancel={() => setAdding(null)}
        />
      </Modal>
    </Stack>
  );
}
