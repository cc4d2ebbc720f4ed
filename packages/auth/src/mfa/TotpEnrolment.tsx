import { Button, Code, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { normaliseCode } from '../flow/mfaOptions.ts';
import { describeProblem, problem as makeProblem, type AuthProblem } from '../flow/problems.ts';
import { useAuthTranslation } from '../i18n.ts';
import { ProblemAlert, useUntil } from '../components/ProblemAlert.tsx';
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
export function TotpEnrolment({ onCreate, onConfirm, onDone, onCancel, defaultLabel = '' }: TotpEnrolmentProps) {
  const { ta } = useAuthTranslation();
  const [label, setLabel] = useState(defaultLabel);
  const [labelError, setLabelError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedTotpSecret | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AuthProblem | undefined>();
  const locked = useUntil(problem?.retryAt);

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const clean = label.trim();
    if (!clean) {
      setLabelError(ta('enrol.labelRequired'));
      return;
    }
    setLabelError(undefined);
    setBusy(true);
    setProblem(undefined);
    try {
      setCreated(await onCreate(clean));
    } catch (error) {
      setProblem(describeProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!created) return;
    const digits = normaliseCode(code);
    if (!digits) {
      setProblem(makeProblem('codeFormat'));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await onConfirm(created.id, digits);
      setCode('');
      onDone();
    } catch (error) {
      setProblem(describeProblem(error));
    } finally {
      setBusy(false);
    }
  };

  if (!created) {
    return (
      <form onSubmit={(e) => void start(e)} noValidate>
        <Stack gap="md">
          <ProblemAlert problem={problem} />
          <TextInput
            label={ta('enrol.label')}
            description={ta('enrol.labelHint')}
            required
            maxLength={60}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            error={labelError}
          />
          <Group>
            <Button type="submit" loading={busy}>
              {ta('enrol.start')}
            </Button>
            {onCancel ? (
              <Button variant="default" onClick={onCancel}>
                {ta('enrol.cancel')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={(e) => void confirm(e)} noValidate>
      <Stack gap="md">
        <Text>{ta('enrol.intro')}</Text>
        <Paper withBorder p="md" w="fit-content" bg="white">
          <QRCodeSVG value={created.uri} size={192} marginSize={2} title={ta('enrol.qrLabel')} role="img" aria-label={ta('enrol.qrLabel')} />
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
        <ProblemAlert problem={problem} />
        <CodeInput
          label={ta('enrol.code')}
          description={ta('mfa.codeHint')}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={busy} disabled={locked}>
            {ta('enrol.confirm')}
          </Button>
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {ta('enrol.cancel')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
