import { Card, Loader, Stack, Text } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';

/** What a latest-* read looks like to the card: its state and, when there is one, the last time's date. */
export interface LastResultQuery {
  isPending: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * "Last time": the person's previous result of an exercise, with its date, shown before they start again.
 * A failed read never blocks the exercise: it says so and offers to try again.
 */
export function LastResult({
  query,
  date,
  children,
}: {
  query: LastResultQuery;
  /** The previous result's time (epoch ms), or null when there is none. */
  date: number | null;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('patient');
  if (query.isPending)
    return <Loader size="sm" role="progressbar" aria-label={t('exercises.last.loading')} />;
  if (query.error) {
    return (
      <ProblemAlert
        problem={toProblem(query.error)}
        title={t('exercises.last.failed')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (date === null) return <Text c="dimmed">{t('exercises.last.none')}</Text>;
  return (
    <Card withBorder radius="md" component="section" aria-label={t('exercises.last.title')}>
      <Stack gap={4}>
        <Text fw={600}>{t('exercises.last.when', { date: formatDateTime(date) })}</Text>
        {children}
      </Stack>
    </Card>
  );
}
