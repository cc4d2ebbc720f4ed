import { Button, PasswordInput, Stack } from '@mantine/core';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { AuthProblem } from '../flow/problems.ts';
import { useAuthTranslation } from '../i18n.ts';
import { useUntil, ProblemAlert } from '@tend/core';
import { AccountEmailInput } from './AccountEmailInput.tsx';
import { useAuthProblemWords } from './authProblemWords.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignInFormProps {
  onSubmit: (email: string, password: string) => void;
  busy?: boolean;
  problem?: AuthProblem | undefined;
  defaultEmail?: string;
  /** E-mail fixed (re-authentication of the signed-in user). */
  emailReadOnly?: boolean;
  submitLabel?: string;
  /** Under the button (the forgot-password link). */
  footer?: ReactNode;
}

/** E-mail and password. Knows nothing of Firebase: onSubmit gets the values. Keeps what was typed on error. */
export function SignInForm({
  onSubmit,
  busy = false,
  problem,
  defaultEmail = '',
  emailReadOnly,
  submitLabel,
  footer,
}: SignInFormProps) {
  const { ta } = useAuthTranslation();
  const worded = useAuthProblemWords();
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const problemId = useId();
  const locked = useUntil(problem?.retryAt);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = ta('signIn.emailRequired');
    else if (!EMAIL.test(email.trim())) next.email = ta('signIn.emailInvalid');
    if (!password) next.password = ta('signIn.passwordRequired');
    setErrors(next);
    if (next.email || next.password) return;
    onSubmit(email, password);
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby={problem ? problemId : undefined}>
      <Stack gap="md">
        <ProblemAlert {...worded(problem)} id={problemId} />
        <AccountEmailInput
          readOnly={emailReadOnly}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <PasswordInput
          label={ta('signIn.password')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={busy} disabled={locked}>
          {submitLabel ?? ta('signIn.submit')}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
