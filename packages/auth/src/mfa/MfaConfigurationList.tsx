import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { renameOtpSecretBodyLabelMax } from '@tend/api/zod';
import { useSubmit, ProblemAlert } from '@tend/core';
import { useAuthTranslation } from '../i18n.ts';
import { useAuthProblemWords } from '../components/authProblemWords.ts';
import { EmailFactor, TotpFactors, type MfaConfigurationItem } from './MfaFactorSections.tsx';

export type { MfaConfigurationItem } from './MfaFactorSections.tsx';

export interface MfaConfigurationListProps {
  configurations: readonly MfaConfigurationItem[];
  /** The user must keep at least one factor (therapists, admins). */
  required: boolean;
  onRename: (id: string, label: string) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
  onDeleteEmail: () => Promise<void>;
  /** Opens TOTP enrolment. */
  onAddTotp: () => void;
  /** Opens the e-mail factor's set-up (which makes it the default). */
  onUseEmail?: () => void;
  /** Makes a configured factor (a TOTP secret's id, or `email`) the one sign-in asks for first. */
  onMakeDefault?: (id: string) => Promise<void>;
}

type Dialog =
  | { kind: 'rename'; item: MfaConfigurationItem }
  | { kind: 'delete'; item: MfaConfigurationItem }
  | { kind: 'deleteEmail'; item: MfaConfigurationItem }
  | null;

/**
 * The security page's list of second factors: authenticator apps (rename, delete) and the e-mail code
 * (make it the default, turn it off). Props-driven: the callbacks do the calls (after re-authentication).
 * The last factor of a user who must have one cannot be deleted.
 */
export function MfaConfigurationList({
  configurations,
  required,
  onRename,
  onDelete,
  onDeleteEmail,
  onAddTotp,
  onUseEmail,
  onMakeDefault,
}: MfaConfigurationListProps) {
  const { ta } = useAuthTranslation();
  const worded = useAuthProblemWords();
  const [dialog, setDialog] = useState<Dialog>(null);
  const renameForm = useForm({
    initialValues: { label: '' },
    validateInputOnChange: true,
    validate: { label: (value) => (value.trim() ? null : ta('enrol.labelRequired')) },
  });
  // A change made in a dialog shows its problem there; one made from the list (make default) above the list.
  const dialogChange = useSubmit((change: () => Promise<void>) => change(), {
    onSuccess: () => setDialog(null),
  });
  const pageChange = useSubmit((change: () => Promise<void>) => change());
  const busy = dialogChange.pending || pageChange.pending;
  const saved = dialogChange.succeeded || pageChange.succeeded;
  const totp = configurations.filter((c) => c.type === 'totp');
  const email = configurations.find((c) => c.type === 'email');
  const isLast = required && configurations.length <= 1;

  const open = (next: Dialog) => {
    dialogChange.reset();
    pageChange.reset();
    if (next?.kind === 'rename') renameForm.setValues({ label: next.item.label });
    setDialog(next);
  };

  /** Runs a change; its problem shows in the open dialog, or above the list for a change made without one. */
  const run = (change: () => Promise<void>, where: 'dialog' | 'page' = 'dialog') => {
    (where === 'page' ? dialogChange : pageChange).reset();
    void (where === 'page' ? pageChange : dialogChange).submit(change);
  };

  const rename = renameForm.onSubmit((values) => {
    if (dialog?.kind !== 'rename') return;
    const id = dialog.item.id;
    run(() => onRename(id, values.label.trim()));
  });

  return (
    <Stack gap="lg">
      <Text>{ta('config.intro')}</Text>
      <ProblemAlert {...worded(pageChange.problem)} />
      {saved ? (
        <Text role="status" c="teal.8">
          {ta('config.saved')}
        </Text>
      ) : (
        <div role="status" />
      )}

      <TotpFactors
        totp={totp}
        busy={busy}
        onMakeDefault={onMakeDefault ? (id) => run(() => onMakeDefault(id), 'page') : undefined}
        onRename={(item) => open({ kind: 'rename', item })}
        onDelete={(item) => open({ kind: 'delete', item })}
        onAddTotp={onAddTotp}
      />

      <EmailFactor
        email={email}
        busy={busy}
        onMakeDefault={
          onMakeDefault
            ? () => run(() => onMakeDefault('email'), 'page')
            : onUseEmail
              ? () => onUseEmail()
              : undefined
        }
        onDelete={(item) => open({ kind: 'deleteEmail', item })}
        onUseEmail={onUseEmail}
      />

      <Modal
        opened={dialog?.kind === 'rename'}
        onClose={() => setDialog(null)}
        title={dialog ? ta('config.renameTitle', { label: dialog.item.label }) : ''}
        closeButtonProps={{ 'aria-label': ta('reauth.cancel') }}
      >
        <form onSubmit={rename} noValidate>
          <Stack gap="md">
            <ProblemAlert {...worded(dialogChange.problem)} />
            <TextInput
              label={ta('enrol.label')}
              required
              maxLength={renameOtpSecretBodyLabelMax}
              {...renameForm.getInputProps('label')}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {ta('reauth.cancel')}
              </Button>
              <Button type="submit" loading={dialogChange.pending}>
                {ta('config.renameSave')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal
        opened={dialog?.kind === 'delete' || dialog?.kind === 'deleteEmail'}
        onClose={() => setDialog(null)}
        title={
          dialog?.kind === 'deleteEmail'
            ? ta('config.emailDeleteTitle')
            : dialog
              ? ta('config.deleteTitle', { label: dialog.item.label })
              : ''
        }
        closeButtonProps={{ 'aria-label': ta('reauth.cancel') }}
      >
        <Stack gap="md">
          <ProblemAlert {...worded(dialogChange.problem)} />
          {isLast ? (
            <Text>{ta('config.deleteLast')}</Text>
          ) : (
            <Text>
              {dialog?.kind === 'deleteEmail'
                ? ta('config.emailDeleteBody', { label: dialog.item.label })
                : ta('config.deleteBody')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)} data-autofocus>
              {ta('reauth.cancel')}
            </Button>
            {!isLast ? (
              <Button
                color="red"
                loading={dialogChange.pending}
                onClick={() => {
                  if (dialog?.kind === 'deleteEmail') run(onDeleteEmail);
                  else if (dialog) {
                    const id = dialog.item.id;
                    run(() => onDelete(id));
                  }
                }}
              >
                {dialog?.kind === 'deleteEmail' ? ta('config.emailDelete') : ta('config.deleteConfirm')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
