import { Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import type { useTherapistLoad } from './queries.ts';
import { SafeText, TableColumnHeads } from '@tend/ui';
import { useIntakeWords } from './words.ts';

/** Per therapist: patients, high-risk patients, open alerts and chat requests waiting (counts only). */
export function TherapistLoadTable({ load }: { load: ReturnType<typeof useTherapistLoad> }) {
  const { td } = useIntakeWords();
  const items = load.data?.items ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="intake-load-title">
      <Title order={2} size="h3" id="intake-load-title">
        {td('intake.load.title')}
      </Title>
      <Text size="sm">{td('intake.load.intro')}</Text>
      {load.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{td('intake.load.loading')}</Text>
        </Group>
      ) : load.error ? (
        <ProblemAlert problem={toProblem(load.error)} onRetry={() => void load.refetch()} />
      ) : items.length === 0 ? (
        <Text c="dimmed">{td('intake.load.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder data-testid="therapist-load">
            <Table.Caption>{td('intake.load.caption')}</Table.Caption>
            <TableColumnHeads
              headers={[
                td('intake.load.therapist'),
                td('intake.load.patients'),
                td('intake.load.highRisk'),
                td('intake.load.openAlerts'),
                td('intake.load.chatRequests'),
              ]}
            />
            <Table.Tbody>
              {items.map((th) => (
                <Table.Tr key={th.therapistId}>
                  <Table.Th scope="row" fw={400}>
                    <SafeText component="span" inherit>
                      {`${th.firstName} ${th.lastName}`.trim()}
                    </SafeText>
                  </Table.Th>
                  <Table.Td>{th.patients}</Table.Td>
                  <Table.Td>{th.highRiskPatients}</Table.Td>
                  <Table.Td>{th.openAlerts}</Table.Td>
                  <Table.Td>{th.waitingChatRequests}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
