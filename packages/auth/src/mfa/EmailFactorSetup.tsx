import { Button, Group, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { normaliseCode } from '../flow/mfaOptions.ts';
import { describeProblem, problem as makeProblem, type AuthProblem } from '../flow/problems.ts';
import { useAuthTranslation } from '../i18n.ts';
import { ProblemAlert, useUntil } from '../components/ProblemAlert.tsx';
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
  const [challenge, setChallenge] = useState<{ challengeId: string; sentTo: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AuthProblem | undefined>();
  const locked = useUntil(problem?.retryAt);

  const send = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      setChallenge(await onSend());
    } catch (error) {
      setProblem(describeProblem(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    const digits = normaliseCode(code);
    if (!digits) {
      setProblem(makeProblem('codeFormat'));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      await onConfirm(challenge.challengeId, digits);
      onDone();
    } catch (error) {
      setProblem(describeProblem(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void confirm(e)} noValidate>
      <Stack gap="md">
        <ProblemAlert problem={problem} />
        {challenge ? (
          <>
            <Text role="status">{ta('mfa.introEmail', { label: challenge.sentTo })}</Text>
            <CodeInput
              label={ta('mfa.code')}
              description={ta('mfa.codeHint')}
              required
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          </>
        ) : null}
        <Group>
          {challenge ? (
            <Button type="submit" loading={busy} disabled={locked}>
              {ta('mfa.submit')}
            </Button>
          ) : null}
          <Button variant={challenge ? 'subtle' : 'filled'} onClick={() => void send()} loading={busy && !challenge} disabled={locked}>
            {ta('mfa.sendEmailCode')}
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
