import { Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useForm } from '@mantine/form';
import { createOtpSecretBodyLabelMax } from '@tend/api/zod';
import { useSubmit, useUntil, ProblemAlert } from '@tend/core';
import { normaliseCode } from '../flow/mfaOptions.ts';
import { useAuthTranslation } from '../i18n.ts';
import { useAuthProblemWords } from '../components/authProblemWords.ts';
import { CancelButton } from './CancelButton.tsx';
import { CodeInput } from './CodeInput.tsx';

export interface CreatedTotpSecret {
  id: string;
  /** Base32, shown once. */
  secret: string;
  /** otpauth://totp/… for the QR code. */
  uri: string;
}

export interface TotpEnrolmentProps {
  /** Creates an unconfirmed secret with this label. */
  onCreate: (label: string) => Promise<CreatedTotpSecret>;
  /** Confirms the secret with a code from the app. */
  onConfirm: (id: string, code: string) => Promise<void>;
  /** After a confirmed secret. */
  onDone: () => void;
  onCancel?: () => void;
  defaultLabel?: string;
}

/** `JBSW Y3DP EHPK 3PXP`: easier to read aloud and to type. */
export function groupSecret(secret: string): string {
  return secret.replace(/=+$/, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Adds an authenticator app: name it, scan the QR code of the otpauth URI (or type the key shown as text),
 * confirm with a code. Props-driven: onCreate and onConfirm do the calls.
 */
export function TotpEnrolment({
  onCreate,
  onConfirm,
  onDone,
  onCancel,
  defaultLabel = '',
}: TotpEnrolmentProps) {
  const { ta } = useAuthTranslation();
  const worded = useAuthProblemWords();
  const labelForm = useForm({
    initialValues: { label: defaultLabel },
    validate: { label: (value) => (value.trim() ? null : ta('enrol.labelRequired')) },
  });
  const codeForm = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (normaliseCode(value) ? null : ta('errors.codeFormat')) },
  });
  const create = useSubmit(onCreate);
  const confirm = useSubmit((vars: { id: string; code: string }) => onConfirm(vars.id, vars.code), {
    onSuccess: () => {
      codeForm.reset();
      onDone();
    },
  });
  const created = create.data ?? null;
  const locked = useUntil(confirm.problem?.retryAt);

  const start = labelForm.onSubmit((values) => void create.submit(values.label.trim()));
  const confirmCode = codeForm.onSubmit((values) => {
    if (created) void confirm.submit({ id: created.id, code: normaliseCode(values.code) ?? '' });
  });

  if (!created) {
    return (
      <form onSubmit={start} noValidate>
        <Stack gap="md">
          <ProblemAlert {...worded(create.problem)} />
          <TextInput
            label={ta('enrol.label')}
            description={ta('enrol.labelHint')}
            required
            maxLength={createOtpSecretBodyLabelMax}
            {...labelForm.getInputProps('label')}
          />
          <Group>
            <Button type="submit" loading={create.pending}>
              {ta('enrol.start')}
            </Button>
            <CancelButton onCancel={onCancel} />
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={confirmCode} noValidate>
      <Stack gap="md">
        <Text>{ta('enrol.intro')}</Text>
        <Paper withBorder p="md" w="fit-content" bg="white">
          <QRCodeSVG
            value={created.uri}
            size={192}
            marginSize={2}
            title={ta('enrol.qrLabel')}
            role="img"
            aria-label={ta('enrol.qrLabel')}
          />
        </Paper>
        <div>
          <Text fw={500} id="totp-secret-label">
            {ta('enrol.secret')}
          </Text>
          <Group gap="sm">
            <Code fz="md" aria-labelledby="totp-secret-label" data-testid="totp-secret">
              {groupSecret(created.secret)}
            </Code>
            <CopyButton value={created.secret}>
              {({ copied, copy }) => (
                <Button variant="subtle" size="compact-sm" onClick={copy}>
                  {copied ? ta('enrol.copied') : ta('enrol.copySecret')}
                </Button>
              )}
            </CopyButton>
          </Group>
        </div>
        <ProblemAlert {...worded(confirm.problem)} />
        <CodeInput
          label={ta('enrol.code')}
          description={ta('mfa.codeHint')}
          required
          {...codeForm.getInputProps('code')}
        />
        <Group>
          <Button type="submit" loading={confirm.pending} disabled={locked}>
            {ta('enrol.confirm')}
          </Button>
          <CancelButton onCancel={onCancel} />
        </Group>
      </Stack>
    </form>
  );
}
