import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/domain';
import { useSafeguardingLog } from '@tend/domain/safeguarding';
import { formatDateTime } from '@tend/domain/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';

/** The log of look-ups for the organisations the administrator runs: who, when, whose chats, why. */
export function LookupLog() {
  const { t } = useTranslation('admin');
  const log = useSafeguardingLog();
  return (
    <Stack gap="sm" component="section" aria-labelledby="log-title">
      <Title order={2} size="h3" id="log-title">
        {t('safeguarding.log.title')}
      </Title>
      <Text size="sm">{t('safeguarding.log.intro')}</Text>
      {log.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('safeguarding.log.loading')}</Text>
        </Group>
      ) : log.error && log.entries.length === 0 ? (
        <ProblemAlert problem={toProblem(log.error)} onRetry={() => void log.refetch()} />
      ) : log.entries.length === 0 ? (
        <Text c="dimmed">{t('safeguarding.log.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Caption>{t('safeguarding.log.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('safeguarding.log.when')}</Table.Th>
                <Table.Th scope="col">{t('safeguarding.log.who')}</Table.Th>
                <Table.Th scope="col">{t('safeguarding.log.patient')}</Table.Th>
                <Table.Th scope="col">{t('safeguarding.log.why')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td>
                    <SafeText component="span" inherit>
                      {e.actor.name ?? e.actor.email ?? t('safeguarding.log.removed')}
                    </SafeText>
                  </Table.Td>
                  <Table.Td>
                    <SafeText component="span" inherit>
                      {e.patient.name ? `${e.patient.name} (${e.patient.email ?? ''})` : (e.patient.email ?? '')}
                    </SafeText>
                    <Text size="xs" c="dimmed">
                      <SafeText component="span" inherit>
                        {e.organisationName}
                      </SafeText>
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <SafeText component="span" inherit>
                      {e.reason || t('safeguarding.log.noReason')}
                    </SafeText>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {log.error && log.entries.length > 0 ? <ProblemAlert problem={toProblem(log.error)} onRetry={() => void log.fetchNextPage()} /> : null}
      {log.hasNextPage ? (
        <Group>
          <Button variant="default" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            {t('safeguarding.log.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
