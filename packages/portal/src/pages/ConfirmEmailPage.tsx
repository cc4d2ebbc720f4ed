import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { confirmEmailChange } from '@tend/api';
import { PageLoader } from '@tend/ui';
import { apiErrorOf, loginPathFor, useAuth } from '@tend/auth';
import { usePortalTranslation } from '../i18n.ts';
import { AuthLayout } from '../AuthLayout.tsx';
import { portalPaths } from '../paths.ts';

/** The contract's limit for the link's id. */
const MAX_ID_LENGTH = 200;

type Outcome =
  | { type: 'confirming' }
  | { type: 'done'; email: string }
  | { type: 'invalid' }
  | { type: 'inUse' }
  | { type: 'failed' };

/** The id of the mailed link, or null when it is missing or cannot be one. */
export function confirmationIdFrom(params: URLSearchParams): string | null {
  const id = params.get('id')?.trim() ?? '';
  return id.length > 0 && id.length <= MAX_ID_LENGTH ? id : null;
}

/**
 * /account/confirm-email?id=<token>: the link the server mails to a new address. Anyone may open it (it comes
 * from a mail client, usually in a tab without a session); the change is confirmed for the signed-in owner
 * (the server binds the id to the account), so a visitor signs in first with the current address and comes
 * back here. Once confirmed, every session of the account has ended: the page signs out here too and offers
 * to sign in with the new address. Nothing of the address bar is rendered.
 */
export function ConfirmEmailPage() {
  const { tp } = usePortalTranslation();
  const { status, signOut } = useAuth();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const id = confirmationIdFrom(params);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // One confirmation per id (an id is single use; StrictMode runs effects twice).
  const startedFor = useRef<string | null>(null);

  const confirm = useCallback(
    async (token: string) => {
      setOutcome({ type: 'confirming' });
      try {
        const summary = await confirmEmailChange({ id: token });
        setOutcome({ type: 'done', email: summary.email });
        // The server ended every session of the account: this one too.
        await signOut('user');
      } catch (error) {
        const problem = apiErrorOf(error);
        if (problem?.status === 401) {
          // The session ended meanwhile: sign in again, then this page confirms.
          startedFor.current = null;
          setOutcome(null);
          await signOut('expired');
        } else if (problem?.status === 400) setOutcome({ type: 'invalid' });
        else if (problem?.status === 409) setOutcome({ type: 'inUse' });
        else setOutcome({ type: 'failed' });
      }
    },
    [signOut],
  );

  useEffect(() => {
    if (status !== 'signedIn' || id === null || startedFor.current === id) return;
    startedFor.current = id;
    void confirm(id);
  }, [status, id, confirm]);

  let body;
  if (id === null) {
    body = (
      <Problem title={tp('confirmEmail.missingTitle')}>
        <Text>{tp('confirmEmail.missingBody')}</Text>
      </Problem>
    );
  } else if (outcome?.type === 'done') {
    body = (
      <Stack gap="md">
        <Title order={1}>{tp('confirmEmail.doneTitle')}</Title>
        <Alert color="green" role="status">
          <Text>{tp('confirmEmail.doneBody', { email: outcome.email })}</Text>
        </Alert>
        <Text>{tp('confirmEmail.doneSignedOut')}</Text>
        <Button component={Link} to={portalPaths.login} fullWidth>
          {tp('confirmEmail.signIn')}
        </Button>
      </Stack>
    );
  } else if (outcome?.type === 'invalid' || outcome?.type === 'inUse') {
    const inUse = outcome.type === 'inUse';
    body = (
      <Problem title={tp(inUse ? 'confirmEmail.inUseTitle' : 'confirmEmail.invalidTitle')}>
        <Text>{tp(inUse ? 'confirmEmail.inUseBody' : 'confirmEmail.invalidBody')}</Text>
      </Problem>
    );
  } else if (outcome?.type === 'failed') {
    body = (
      <Problem title={tp('confirmEmail.failedTitle')}>
        <Text>{tp('confirmEmail.failedBody')}</Text>
        <Button onClick={() => void confirm(id)}>{tp('confirmEmail.retry')}</Button>
      </Problem>
    );
  } else if (status === 'signedOut') {
    body = (
      <Stack gap="md">
        <Title order={1}>{tp('confirmEmail.title')}</Title>
        <Text>{tp('confirmEmail.signInFirst')}</Text>
        <Button component={Link} to={loginPathFor(portalPaths.login, `${pathname}${search}`)} fullWidth>
          {tp('confirmEmail.signIn')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        <Title order={1}>{tp('confirmEmail.title')}</Title>
        <Text role="status">{tp('confirmEmail.confirming')}</Text>
        <PageLoader />
      </Stack>
    );
  }
  return <AuthLayout>{body}</AuthLayout>;
}

/** A heading and an explanation in an alert, with the way home. */
function Problem({ title, children }: { title: string; children: ReactNode }) {
  const { tp } = usePortalTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert color="red" role="alert">
        <Stack gap="sm">{children}</Stack>
      </Alert>
      <Anchor component={Link} to={portalPaths.home}>
        {tp('notFound.home')}
      </Anchor>
    </Stack>
  );
}
