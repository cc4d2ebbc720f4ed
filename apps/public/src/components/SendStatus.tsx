import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ProblemAlert, wordingOf, type Problem, type Submit } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { onSubmitOrFocus } from './focusFirstError.ts';

/**
 * Shown above the Send button when a send failed; everything typed stays in the form. What went wrong is said
 * in the app's words (toProblem's translated message of the server's code, with when to try again after too
 * many requests); a failure nobody can name says the request was not sent. Try again sends the same request.
 */
export function SendFailedAlert({ problem, onRetry }: { problem: Problem | null; onRetry?: () => void }) {
  const { t } = useTranslation('public');
  const message = problem
    ? wordingOf(problem, {
        // The page's link (its token) is unknown or expired: not a session to sign in again to.
        codes: { invalid_token: t('forms.linkInvalid'), forbidden: t('forms.linkInvalid') },
        kinds: {
          unknown: t('forms.sendFailed'),
          server: t('forms.sendFailed'),
          unavailable: t('forms.sendFailed'),
        },
      })
    : undefined;
  return (
    <ProblemAlert problem={problem} title={t('forms.sendFailedTitle')} message={message} onRetry={onRetry} />
  );
}

/**
 * A form that sends: its fields, then the failed send (if any) and the submit button ("Send" unless told).
 * Invalid fields are reported and the first one focused; valid values become the `request` that is sent.
 */
export function SendForm<Values, TVars>({
  form,
  send,
  request,
  submitLabel,
  children,
}: {
  form: Pick<UseFormReturnType<Values>, 'onSubmit' | 'getInputNode'>;
  send: Pick<Submit<unknown, TVars>, 'submit' | 'problem' | 'pending'>;
  request: (values: Values) => TVars;
  submitLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('public');
  // The request last sent, for Try again (the same values, even if the person has typed since).
  const last = useRef<TVars | null>(null);
  const sendNow = (vars: TVars) => {
    last.current = vars;
    void send.submit(vars);
  };
  return (
    <form noValidate onSubmit={onSubmitOrFocus(form, (values) => sendNow(request(values)))}>
      <Stack gap="md">
        {children}
        {send.problem && (
          <SendFailedAlert
            problem={send.problem}
            onRetry={() => {
              if (last.current !== null) sendNow(last.current);
            }}
          />
        )}
        <SubmitButton pending={send.pending}>{submitLabel ?? t('forms.send')}</SubmitButton>
      </Stack>
    </form>
  );
}

/** Replaces a form once it was sent; focus moves to the message so screen readers hear it. */
export function SentPanel({
  children,
  onAgain,
  againLabel,
}: {
  children: ReactNode;
  onAgain?: () => void;
  againLabel?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <Stack gap="md" align="flex-start">
      <Alert ref={ref} tabIndex={-1} color="tend" variant="light" role="status" w="100%">
        <Text>{children}</Text>
      </Alert>
      {onAgain && againLabel && (
        <Button variant="default" onClick={onAgain}>
          {againLabel}
        </Button>
      )}
    </Stack>
  );
}

/** A page-level notice that a link lacks its token (nothing can be sent from it). */
export function MissingTokenAlert() {
  const { t } = useTranslation('public');
  return (
    <Alert color="yellow" variant="light" role="alert">
      {t('forms.missingToken')}
    </Alert>
  );
}

/** The form's submit button: "Sending…" (announced) and disabled while the request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  const { t } = useTranslation('public');
  return (
    <>
      <Button type="submit" disabled={pending} style={{ alignSelf: 'flex-start' }}>
        {pending ? t('forms.sending') : children}
      </Button>
      <VisuallyHidden role="status">{pending ? t('forms.sending') : ''}</VisuallyHidden>
    </>
  );
}
