import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { useSubmit, useUntil, ProblemAlert } from '@tend/core';
import { useAuthClient } from '../session/authContext.ts';
import { useAuthTranslation } from '../i18n.ts';
import { AccountEmailInput } from './AccountEmailInput.tsx';
import { useAuthProblemWords } from './authProblemWords.ts';

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
  const worded = useAuthProblemWords();
  const form = useForm({
    initialValues: { email: defaultEmail },
    validate: {
      email: (value) =>
        !value.trim()
          ? ta('signIn.emailRequired')
          : !EMAIL.test(value.trim())
            ? ta('signIn.emailInvalid')
            : null,
    },
  });
  // Answers the address the link went to.
  const send = useSubmit(async (email: string) => {
    await onSubmit(email);
    return email;
  });
  const locked = useUntil(send.problem?.retryAt);

  return (
    <Stack gap="md">
      {send.succeeded && send.data ? (
        <Alert color="teal" role="status">
          {ta('forgot.sent', { email: send.data })}
        </Alert>
      ) : (
        <>
          <Text>{ta('forgot.intro')}</Text>
          <form onSubmit={form.onSubmit((values) => void send.submit(values.email.trim()))} noValidate>
            <Stack gap="md">
              <ProblemAlert {...worded(send.problem)} />
              <AccountEmailInput key={form.key('email')} {...form.getInputProps('email')} />
              <Button type="submit" loading={send.pending} disabled={locked}>
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
        onSubmit={(email) =>
          client.requestPasswordChange(email, i18n.resolvedLanguage ?? i18n.language ?? 'en')
        }
        footer={
          <Anchor component={Link} to={signInPath} size="sm">
            {ta('forgot.backToSignIn')}
          </Anchor>
        }
      />
    </Stack>
  );
}
