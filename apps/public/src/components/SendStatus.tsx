import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '@tend/i18n';

/** The server's readable reason of a failed call (the contract's Error body `message`), if any. */
export function serverReason(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { data?: unknown; body?: unknown; message?: unknown };
  for (const body of [e.data, e.body]) {
    if (typeof body === 'object' && body !== null) {
      const message = (body as { message?: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message.trim();
    }
  }
  return undefined;
}

/** Shown above the Send button when a send failed; everything typed stays in the form. */
export function SendFailedAlert({ error }: { error: unknown }) {
  const { t } = useTranslation('public');
  const reason = serverReason(error);
  return (
    <Alert color="red" variant="light" role="alert" title={t('forms.sendFailedTitle')}>
      {reason ? t('forms.sendFailedReason', { reason }) : t('forms.sendFailed')}
    </Alert>
  );
}

/** Replaces a form once it was sent; focus moves to the message so screen readers hear it. */
export function SentPanel({ children, onAgain, againLabel }: { children: ReactNode; onAgain?: () => void; againLabel?: string }) {
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
