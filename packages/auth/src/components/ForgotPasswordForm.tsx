import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useAuthClient } from '../session/authContext.ts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { describeProblem, type AuthProblem } from '../flow/problems.ts';
import { useAuthTranslation } from '../i18n.ts';
import { ProblemAlert, useUntil } from './ProblemAlert.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ForgotPasswordFormProps {
  /** Asks the server to mail a reset link (request-change-password). */
  onSubmit: (email: string) => Promise<void>;
  defaultEmail?: string;
  /** The way back to sign-in (a router Link). */
  footer?: ReactNode;
}

/**
 * Requests a password reset link. The answer is the same whether or not the address has an account (no
 * account enumeration).
 */
export function ForgotPasswordForm({ onSubmit, defaultEmail = '', footer }: ForgotPasswordFormProps) {
  const { ta } = useAuthTranslation();
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<AuthProblem | undefined>();
  const locked = useUntil(problem?.retryAt);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = email.trim();
    if (!clean) return setError(ta('signIn.emailRequired'));
    if (!EMAIL.test(clean)) return setError(ta('signIn.emailInvalid'));
    setError(undefined);
    setBusy(true);
    setProblem(undefined);
    try {
      await onSubmit(clean);
      setSentTo(clean);
    } catch (e) {
      setProblem(describeProblem(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      {sentTo ? (
        <Alert color="teal" role="status">
          {ta('forgot.sent', { email: sentTo })}
        </Alert>
      ) : (
        <>
          <Text>{ta('forgot.intro')}</Text>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="md">
              <ProblemAlert problem={problem} />
              <TextInput
                label={ta('signIn.email')}
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={error}
              />
              <Button type="submit" loading={busy} disabled={locked}>
                {ta('forgot.submit')}
              </Button>
            </Stack>
          </form>
        </>
      )}
      {footer}
    </Stack>
  );
}

/** The forgot-password page's content: heading, form (request-change-password in the UI language), way back. */
export function ForgotPasswordPanel({ signInPath }: { signInPath: string }) {
  const { ta, i18n } = useAuthTranslation();
  const client = useAuthClient();
  return (
    <Stack gap="lg">
      <Title order={1}>{ta('forgot.title')}</Title>
      <ForgotPasswordForm
        onSubmit={(email) => client.requestPasswordChange(email, i18n.resolvedLanguage ?? i18n.language ?? 'en')}
        footer={
          <Anchor component={Link} to={signInPath} size="sm">
            {ta('forgot.backToSignIn')}
          </Anchor>
        }
      />
    </Stack>
  );
}
