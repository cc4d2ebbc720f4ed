/**
 * The MFA components wired to the generated calls (packages/api). The components stay props-driven; these
 * containers only supply the callbacks, re-authenticating before sensitive changes.
 */
import { Loader, Modal, Stack } from '@mantine/core';
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
  type MfaConfigurationList as ConfigurationList,
  type MfaOption,
  type MfaOptions,
} from '@tend/api';
import { ProblemAlert, toProblem } from '@tend/core';
import { useAuthTranslation } from '../i18n.ts';
import { useAuth } from '../session/authContext.ts';
import { useReauthenticate } from '../session/Reauthentication.tsx';
import { EmailFactorSetup } from './EmailFactorSetup.tsx';
import { MfaConfigurationList, type MfaConfigurationItem } from './MfaConfigurationList.tsx';
import { TotpEnrolment, type CreatedTotpSecret } from './TotpEnrolment.tsx';

/**
 * Calls that change second factors, and how the security page's two reads (the configurations and the sign-in
 * options) follow them: from the server's answer where it is the changed data (the new default, the new name),
 * otherwise by fetching again only those two reads.
 */
export function useMfaMutations() {
  const queryClient = useQueryClient();
  const listKey = getListMfaConfigurationsQueryKey();
  const optionsKey = getGetMfaOptionsQueryKey();
  const refetchLists = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey }),
      queryClient.invalidateQueries({ queryKey: optionsKey }),
    ]);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys are constants of the contract
  }, [queryClient]);
  const setOptions = (change: (options: MfaOption[]) => MfaOption[]) =>
    queryClient.setQueryData<MfaOptions>(
      optionsKey,
      (current) => current && { ...current, options: change(current.options) },
    );
  return {
    refresh: refetchLists,
    async createTotp(label: string): Promise<CreatedTotpSecret> {
      const created = await createOtpSecret({ label });
      return { id: created.id, secret: created.secret, uri: created.otpauthUri };
    },
    async confirmTotp(id: string, code: string) {
      await respondOtpChallenge({ otpSecretId: id, code });
      await refetchLists();
    },
    async rename(id: string, label: string) {
      const secret = await renameOtpSecret(id, { label });
      queryClient.setQueryData<ConfigurationList>(
        listKey,
        (list) =>
          list && {
            ...list,
            configurations: list.configurations.map((c) => (c.id === id ? { ...c, label: secret.label } : c)),
          },
      );
      setOptions((options) => options.map((o) => (o.id === id ? { ...o, label: secret.label } : o)));
    },
    async remove(id: string) {
      await deleteOtpSecret(id);
      await refetchLists();
    },
    async sendEmail() {
      const challenge = await sendEmailChallenge();
      return { challengeId: challenge.challengeId, sentTo: challenge.sentTo };
    },
    async confirmEmail(challengeId: string, code: string) {
      await respondEmailChallenge({ challengeId, code });
      await refetchLists();
    },
    async removeEmail() {
      await deleteDefaultEmailFactor();
      await refetchLists();
    },
    async makeDefault(id: string) {
      // The answer is the configurations as they are now.
      const list = await setDefaultMfaFactor({ id });
      queryClient.setQueryData(listKey, list);
      setOptions((options) => options.map((o) => ({ ...o, default: o.id === id })));
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
      onCreate={(label) =>
        status === 'signedIn' ? withReauthentication(() => m.createTotp(label)) : m.createTotp(label)
      }
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

  if (query.isPending) return <Loader role="progressbar" aria-label={ta('config.title')} />;
  if (query.isError) {
    return (
      <ProblemAlert
        problem={toProblem(query.error)}
        title={ta('config.loadFailed')}
        onRetry={() => void query.refetch()}
      />
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
