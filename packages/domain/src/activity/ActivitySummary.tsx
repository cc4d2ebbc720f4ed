import { Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RewardResult } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { useActivitySummary } from './queries.ts';
import { useActivityWords } from './words.ts';

/** Streak, this week and all-time totals of the patient's exercises. */
export function ActivitySummary() {
  const { td } = useActivityWords();
  const s = useActivitySummary();
  if (s.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">{td('activity.summary.loading')}</Text>
      </Group>
    );
  }
  if (s.error)
    return (
      <ProblemAlert problem={toProblem(s.error)} title={td('activity.summary.failed')} onRetry={s.refetch} />
    );
  const cell = (label: string, value: string) => (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Paper>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="activity-summary-heading">
      <Title order={2} size="h4" id="activity-summary-heading">
        {td('activity.summary.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {cell(td('activity.summary.streakLabel'), td('activity.summary.streak', { count: s.streak }))}
        {cell(td('activity.summary.thisWeek'), td('activity.summary.thisWeekValue', { count: s.thisWeek }))}
        {cell(
          td('activity.summary.total'),
          td('activity.summary.totalValue', { count: s.totalCount, minutes: s.totalMinutes }),
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** What completing an exercise earned (or that it will count once online). */
export function RewardNote({ reward }: { reward: RewardResult | null }) {
  const { td } = useActivityWords();
  if (!reward) return <Text size="sm">{td('activity.reward.later')}</Text>;
  return (
    <Text size="sm">
      {td('activity.reward.earned', { count: reward.pointsEarned })}{' '}
      {td('activity.reward.balance', { count: reward.balance })}
    </Text>
  );
}
