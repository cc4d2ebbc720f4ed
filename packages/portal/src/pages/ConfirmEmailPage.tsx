import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { confirmEmailChange } from '@tend/api';
import { toProblem } from '@tend/core';
import { PageLoader } from '@tend/ui';
import { loginPathFor, useAuth } from '@tend/auth';
import { usePortalTranslation } from '../i18n.ts';
import { confirmEmailChangeQueryIdMax } from '@tend/api/zod';
import { AuthLayout } from '../AuthLayout.tsx';
import { portalPaths } from '../paths.ts';

/** The contract's limit for the link's id. */
const MAX_ID_LENGTH = confirmEmailChangeQueryIdMax;

/** The id of the mailed link, or null when it is missing or cannot be one. */
export function confirmationIdFrom(params: URLSearchParams): string | null {
  const id = params.get('id')?.trim() ?? '';
  return id.length > 0 && id.length <= MAX_ID_LENGTH ? id : null;
}

/**
 * The confirmation of one link, as a query keyed by its id: it runs once per id while the owner is signed in
 * (React Query shares the one request however often the page mounts), never retried by itself (an id is
 * single use); a failure is tried again only when the person asks.
 */
function useEmailConfirmation(id: string | null, signedIn: boolean) {
  return useQuery({
    queryKey: ['account', 'confirm-email', id],
    queryFn: () => confirmEmailChange({ id: id ?? '' }),
    enabled: signedIn && id !== null,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
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
  const confirmation = useEmailConfirmation(id, status === 'signedIn');
  const problem = confirmation.error ? toProblem(confirmation.error) : null;
  // Signing out clears the query cache, so the new address the answer named is kept here.
  const [newEmail, setNewEmail] = useState<string | null>(null);
  const confirmed = confirmation.data?.email;
  const sessionEnded = problem?.status === 401;

  useEffect(() => {
    if (confirmed === undefined) return;
    setNewEmail(confirmed);
    // The server ended every session of the account: this one too.
    void signOut('user');
  }, [confirmed, signOut]);

  useEffect(() => {
    // The session ended meanwhile: sign in again, then this page confirms.
    if (sessionEnded) void signOut('expired');
  }, [sessionEnded, signOut]);

  let body;
  if (id === null) {
    body = (
      <Problem title={tp('confirmEmail.missingTitle')}>
        <Text>{tp('confirmEmail.missingBody')}</Text>
      </Problem>
    );
  } else if (newEmail !== null) {
    body = (
      <Stack gap="md">
        <Title order={1}>{tp('confirmEmail.doneTitle')}</Title>
        <Alert color="green" role="status">
          <Text>{tp('confirmEmail.doneBody', { email: newEmail })}</Text>
        </Alert>
        <Text>{tp('confirmEmail.doneSignedOut')}</Text>
        <Button component={Link} to={portalPaths.login} fullWidth>
          {tp('confirmEmail.signIn')}
        </Button>
      </Stack>
    );
  } else if (problem?.status === 400 || problem?.status === 409) {
    const inUse = problem.status === 409;
    body = (
      <Problem title={tp(inUse ? 'confirmEmail.inUseTitle' : 'confirmEmail.invalidTitle')}>
        <Text>{tp(inUse ? 'confirmEmail.inUseBody' : 'confirmEmail.invalidBody')}</Text>
      </Problem>
    );
  } else if (problem && !sessionEnded) {
    body = (
      <Problem title={tp('confirmEmail.failedTitle')}>
        <Text>{tp('confirmEmail.failedBody')}</Text>
        <Button onClick={() => void confirmation.refetch()}>{tp('confirmEmail.retry')}</Button>
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
