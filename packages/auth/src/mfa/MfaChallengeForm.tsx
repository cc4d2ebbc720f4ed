import { Anchor, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { normaliseCode, sameOption, type MfaOption } from '../flow/mfaOptions.ts';
import type { AuthProblem } from '../flow/problems.ts';
import { useAuthTranslation } from '../i18n.ts';
import { useUntil, ProblemAlert } from '@tend/core';
import { useAuthProblemWords } from '../components/authProblemWords.ts';
import { CodeInput } from './CodeInput.tsx';

export interface MfaChallengeFormProps {
  options: readonly MfaOption[];
  method: MfaOption;
  onChooseMethod?: (option: MfaOption) => void;
  onSubmit: (code: string) => void;
  onSendEmailCode?: () => void;
  onBack?: () => void;
  busy?: boolean;
  problem?: AuthProblem | undefined;
  /** When the last e-mail code was sent (shows a confirmation). */
  emailCodeSentAt?: number | undefined;
}

function optionKey(o: MfaOption) {
  return `${o.type}:${o.configurationId ?? ''}`;
}

/** The second step of sign-in (and of re-authentication): choose the factor, type or paste the 6-digit code. */
export function MfaChallengeForm({
  options,
  method,
  onChooseMethod,
  onSubmit,
  onSendEmailCode,
  onBack,
  busy = false,
  problem,
  emailCodeSentAt,
}: MfaChallengeFormProps) {
  const { ta } = useAuthTranslation();
  const worded = useAuthProblemWords();
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState(false);
  const problemId = useId();
  const locked = useUntil(problem?.retryAt);
  const codeProblem = problem?.key === 'invalidCode' || problem?.key === 'codeFormat';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!normaliseCode(code)) {
      setFormatError(true);
      return;
    }
    setFormatError(false);
    onSubmit(code);
    setCode('');
  };

  const label = method.label;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>
          {method.type === 'email' ? ta('mfa.introEmail', { label }) : ta('mfa.introTotp', { label })}
        </Text>
        {options.length > 1 && onChooseMethod ? (
          <Radio.Group
            label={ta('mfa.method')}
            value={optionKey(method)}
            onChange={(value) => {
              const chosen = options.find((o) => optionKey(o) === value);
              if (chosen && !sameOption(chosen, method)) onChooseMethod(chosen);
            }}
          >
            <Stack gap="xs" mt="xs">
              {options.map((o) => (
                <Radio
                  key={optionKey(o)}
                  value={optionKey(o)}
                  disabled={busy}
                  label={
                    o.type === 'email'
                      ? ta('mfa.methodEmail', { label: o.label })
                      : ta('mfa.methodTotp', { label: o.label })
                  }
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        <ProblemAlert {...worded(problem)} id={problemId} />
        {method.type === 'email' && emailCodeSentAt !== undefined && !problem ? (
          <Text size="sm" role="status">
            {ta('mfa.emailCodeSent', { label })}
          </Text>
        ) : null}
        <CodeInput
          label={ta('mfa.code')}
          description={ta('mfa.codeHint')}
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the one field of this step, shown after a submit
          autoFocus
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={formatError ? ta('errors.codeFormat') : codeProblem ? true : undefined}
        />
        <Group justify="space-between">
          <Button type="submit" loading={busy} disabled={locked}>
            {ta('mfa.submit')}
          </Button>
          {method.type === 'email' && onSendEmailCode ? (
            <Button variant="subtle" onClick={onSendEmailCode} disabled={busy}>
              {ta('mfa.sendEmailCode')}
            </Button>
          ) : null}
        </Group>
        {onBack ? (
          <Anchor component="button" type="button" onClick={onBack} size="sm">
            {ta('mfa.back')}
          </Anchor>
        ) : null}
      </Stack>
    </form>
  );
}
