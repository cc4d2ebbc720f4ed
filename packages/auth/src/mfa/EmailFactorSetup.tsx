import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSubmit, useUntil, ProblemAlert } from '@tend/core';
import { normaliseCode } from '../flow/mfaOptions.ts';
import { useAuthTranslation } from '../i18n.ts';
import { useAuthProblemWords } from '../components/authProblemWords.ts';
import { CancelButton } from './CancelButton.tsx';
import { CodeInput } from './CodeInput.tsx';

export interface EmailFactorSetupProps {
  /** Mails a code; answers the challenge id and the masked address. */
  onSend: () => Promise<{ challengeId: string; sentTo: string }>;
  /** Answers the challenge: the e-mail code becomes the default second factor. */
  onConfirm: (challengeId: string, code: string) => Promise<void>;
  onDone: () => void;
  onCancel?: () => void;
}

/** Makes the e-mail code the default second factor: send a code, type it back. Props-driven. */
export function EmailFactorSetup({ onSend, onConfirm, onDone, onCancel }: EmailFactorSetupProps) {
  const { ta } = useAuthTranslation();
  const worded = useAuthProblemWords();
  const form = useForm({
    initialValues: { code: '' },
    validate: { code: (value) => (normaliseCode(value) ? null : ta('errors.codeFormat')) },
  });
  const send = useSubmit(onSend);
  const confirm = useSubmit(
    (vars: { challengeId: string; code: string }) => onConfirm(vars.challengeId, vars.code),
    {
      onSuccess: () => onDone(),
    },
  );
  const challenge = send.data ?? null;
  // The problem of the last thing tried: the confirmation once it runs, else the sending.
  const problem = confirm.pending || confirm.problem ? confirm.problem : send.problem;
  const busy = send.pending || confirm.pending;
  const locked = useUntil(problem?.retryAt);

  const sendCode = () => {
    confirm.reset();
    void send.submit();
  };

  return (
    <form
      onSubmit={form.onSubmit((values) => {
        if (challenge)
          void confirm.submit({ challengeId: challenge.challengeId, code: normaliseCode(values.code) ?? '' });
      })}
      noValidate
    >
      <Stack gap="md">
        <ProblemAlert {...worded(problem)} />
        {challenge ? (
          <>
            <Text role="status">{ta('mfa.introEmail', { label: challenge.sentTo })}</Text>
            <CodeInput
              label={ta('mfa.code')}
              description={ta('mfa.codeHint')}
              required
              {...form.getInputProps('code')}
            />
          </>
        ) : null}
        <Group>
          {challenge ? (
            <Button type="submit" loading={confirm.pending} disabled={locked}>
              {ta('mfa.submit')}
            </Button>
          ) : null}
          <Button
            variant={challenge ? 'subtle' : 'filled'}
            onClick={sendCode}
            loading={busy && !challenge}
            disabled={locked}
          >
            {ta('mfa.sendEmailCode')}
          </Button>
          <CancelButton onCancel={onCancel} />
        </Group>
      </Stack>
    </form>
  );
}
