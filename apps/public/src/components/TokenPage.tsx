import { Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageLayout } from './PageLayout.tsx';
import { MissingTokenAlert } from './SendStatus.tsx';

/**
 * A page an e-mailed link opens (`…?token=…`): its heading, then what the token opens, or the missing-link
 * alert when the address has no token.
 */
export function TokenPage({ heading, children }: { heading: string; children(token: string): ReactNode }) {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <PageLayout>
      <Stack gap="lg">
        <Title order={1}>{heading}</Title>
        {token ? children(token) : <MissingTokenAlert />}
      </Stack>
    </PageLayout>
  );
}

/** What the link's token is being read for, said while it is (role=status). */
export function TokenPending({ label }: { label: string }) {
  return (
    <Stack gap="sm" align="flex-start" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text>{label}</Text>
    </Stack>
  );
}
