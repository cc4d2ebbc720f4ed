import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { confirmEmailChange } from '@tend/api';
import { PageLoader } from '@tend/ui';
import { apiErrorOf } from '../../flow/problems.ts';
import { loginPathFor } from '../../guard/paths.ts';
import { useAuthTranslation } from '../../i18n.ts';
import { useAuth } from '../../session/AuthProvider.tsx';
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
  const { ta } = useAuthTranslation();
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
      <Problem title={ta('portal.confirmEmail.missingTitle')}>
        <Text>{ta('portal.confirmEmail.missingBody')}</Text>
      </Problem>
    );
  } else if (outcome?.type === 'done') {
    body = (
      <Stack gap="md">
        <Title order={1}>{ta('portal.confirmEmail.doneTitle')}</Title>
        <Alert color="green" role="status">
          <Text>{ta('portal.confirmEmail.doneBody', { email: outcome.email })}</Text>
        </Alert>
        <Text>{ta('portal.confirmEmail.doneSignedOut')}</Text>
        <Button component={Link} to={portalPaths.login} fullWidth>
          {ta('portal.confirmEmail.signIn')}
        </Button>
      </Stack>
    );
  } else if (outcome?.type === 'invalid' || outcome?.type === 'inUse') {
    const inUse = outcome.type === 'inUse';
    body = (
      <Problem title={ta(inUse ? 'portal.confirmEmail.inUseTitle' : 'portal.confirmEmail.invalidTitle')}>
        <Text>{ta(inUse ? 'portal.confirmEmail.inUseBody' : 'portal.confirmEmail.invalidBody')}</Text>
      </Problem>
    );
  } else if (outcome?.type === 'failed') {
    body = (
      <Problem title={ta('portal.confirmEmail.failedTitle')}>
        <Text>{ta('portal.confirmEmail.failedBody')}</Text>
        <Button onClick={() => void confirm(id)}>{ta('portal.confirmEmail.retry')}</Button>
      </Problem>
    );
  } else if (status === 'signedOut') {
    body = (
      <Stack gap="md">
        <Title order={1}>{ta('portal.confirmEmail.title')}</Title>
        <Text>{ta('portal.confirmEmail.signInFirst')}</Text>
        <Button component={Link} to={loginPathFor(portalPaths.login, `${pathname}${search}`)} fullWidth>
          {ta('portal.confirmEmail.signIn')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack gap="md">
        <Title order={1}>{ta('portal.confirmEmail.title')}</Title>
        <Text role="status">{ta('portal.confirmEmail.confirming')}</Text>
        <PageLoader />
      </Stack>
    );
  }
  return <AuthLayout>{body}</AuthLayout>;
}

/** A heading and an explanation in an alert, with the way home. */
function Problem({ title, children }: { title: string; children: ReactNode }) {
  const { ta } = useAuthTranslation();
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Alert color="red" role="alert">
        <Stack gap="sm">{children}</Stack>
      </Alert>
      <Anchor component={Link} to={portalPaths.home}>
        {ta('portal.notFound.home')}
      </Anchor>
    </Stack>
  );
}
