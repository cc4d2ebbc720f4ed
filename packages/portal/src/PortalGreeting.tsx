import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useGetAccountSummary } from '@tend/api';
import { ProblemAlert, toProblem } from '@tend/core';
import { PageLoader } from '@tend/ui';
import { usePortalTranslation } from './i18n.ts';
import { usePortalText } from './context.ts';

/**
 * The top of a portal's home page: "Hello, <first name>" (from /iams/account-details/summary), the app's
 * `intro` (a key of its namespace), then the app's own content.
 */
export function PortalGreeting({ intro, children }: { intro?: string; children?: ReactNode }) {
  const { tp } = usePortalTranslation();
  const text = usePortalText();
  const summary = useGetAccountSummary();
  if (summary.isPending) return <PageLoader />;
  const name = summary.data ? summary.data.firstName || summary.data.screenName || '' : '';
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{name ? tp('home.greeting', { name }) : tp('home.greetingNoName')}</Title>
      {summary.isError && !summary.data ? (
        <ProblemAlert
          problem={toProblem(summary.error)}
          title={tp('home.loadFailed')}
          onRetry={() => void summary.refetch()}
        />
      ) : null}
      {intro ? <Text>{text(intro)}</Text> : null}
      {children}
    </Stack>
  );
}
