import { Badge, Checkbox, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { IntakePatient } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { waitedDays } from './model.ts';
import type { useIntakeQueue } from './queries.ts';
import { formatDate } from '@tend/core/time';
import { SafeText } from '@tend/ui';
import { InfiniteVirtualList } from '@tend/ui/virtual-list';
import { useIntakeWords } from './words.ts';

const ROW_ESTIMATE = 104;

interface Props {
  queue: ReturnType<typeof useIntakeQueue>;
  chosen: readonly string[];
  onToggle(patientId: string, on: boolean): void;
}

/** The waiting patients, each with a box to choose them, their wait and how much they have logged (counts only). */
export function IntakeQueue({ queue, chosen, onToggle }: Props) {
  const { td } = useIntakeWords();
  return (
    <Stack gap="sm" component="section" aria-labelledby="intake-queue-title">
      <Title order={2} size="h3" id="intake-queue-title">
        {td('intake.queue.title')}
      </Title>
      {queue.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{td('intake.queue.loading')}</Text>
        </Group>
      ) : queue.error && queue.patients.length === 0 ? (
        <ProblemAlert
          problem={toProblem(queue.error)}
          title={td('intake.queue.failed')}
          onRetry={() => void queue.refetch()}
        />
      ) : queue.patients.length === 0 ? (
        <Text c="dimmed" data-testid="intake-empty">
          {td('intake.queue.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" role="status" data-testid="intake-count">
            {td('intake.queue.count', { count: queue.total })}
          </Text>
          <InfiniteVirtualList
            items={queue.patients}
            itemKey={(p) => p.patientId}
            renderItem={(p) => (
              <QueueRow patient={p} chosen={chosen.includes(p.patientId)} onToggle={onToggle} />
            )}
            rowVersion={chosen}
            loadingMore={
              <Group gap="xs" p="sm" role="status">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">{td('intake.queue.loadingMore')}</Text>
              </Group>
            }
            hasNextPage={queue.hasNextPage}
            isFetchingNextPage={queue.isFetchingNextPage}
            fetchNextPage={queue.fetchNextPage}
            failed={Boolean(queue.error)}
            label={td('intake.queue.label')}
            estimateSize={ROW_ESTIMATE}
            total={queue.total}
            style={{ height: `min(60vh, ${Math.min(6, queue.patients.length) * ROW_ESTIMATE + 8}px)` }}
            testId="intake-queue"
            rowTestId="intake-row"
          />
        </>
      )}
    </Stack>
  );
}

function QueueRow({
  patient,
  chosen,
  onToggle,
}: {
  patient: IntakePatient;
  chosen: boolean;
  onToggle(patientId: string, on: boolean): void;
}) {
  const { td } = useIntakeWords();
  const name = `${patient.firstName} ${patient.lastName}`.trim();
  const { logged } = patient;
  const days = waitedDays(patient.waitingSince);
  return (
    <Group
      gap="sm"
      p="sm"
      wrap="nowrap"
      align="flex-start"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Checkbox
        mt={4}
        checked={chosen}
        onChange={(e) => onToggle(patient.patientId, e.currentTarget.checked)}
        aria-label={td('intake.queue.select', { name })}
      />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <SafeText component="span" fw={600}>
            {name}
          </SafeText>
          {patient.highRisk ? (
            <Badge color="red" variant="filled" size="sm">
              {td('intake.queue.highRisk')}
            </Badge>
          ) : null}
          {patient.chatRequested ? (
            <Badge variant="default" size="sm">
              {td('intake.queue.chatRequested')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">
          {days === 0 ? td('intake.queue.waitedToday') : td('intake.queue.waited', { count: days })}{' '}
          <Text span c="dimmed" size="sm">
            {td('intake.queue.since', { date: formatDate(patient.waitingSince) })}
          </Text>
        </Text>
        <Text size="xs" c="dimmed">
          {logged.moments === 0
            ? td('intake.queue.nothingLogged')
            : td('intake.queue.logged', {
                moments: logged.moments,
                journal: logged.journal,
                checkups: logged.checkups,
                screenings: logged.screenings,
              })}
        </Text>
      </Stack>
    </Group>
  );
}
