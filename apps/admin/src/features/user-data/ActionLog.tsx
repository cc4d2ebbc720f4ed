import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { UserDataAction } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/domain';
import { useUserDataLog } from '@tend/domain/users-data';
import { formatDateTime } from '@tend/domain/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';

/** The server's log of the tooling's actions: when, who, what, about which user. */
export function ActionLog() {
  const { t } = useTranslation('admin');
  const log = useUserDataLog();
  const what = (e: UserDataAction) => {
    const rows = e.detail.rows ?? 0;
    switch (e.action) {
      case 'export':
        return t('user-data.log.actions.export', { rows });
      case 'clone':
        return t('user-data.log.actions.clone', { cloneUserId: e.detail.cloneUserId ?? '' });
      case 'create':
        return t('user-data.log.actions.create', { scopes: (e.detail.scopes ?? []).join(', ') });
      case 'erase':
        return t('user-data.log.actions.erase', { rows });
    }
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="log-title">
      <Title order={2} size="h3" id="log-title">
        {t('user-data.log.title')}
      </Title>
      <Text size="sm">{t('user-data.log.intro')}</Text>
      {log.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('user-data.log.loading')}</Text>
        </Group>
      ) : log.error && log.entries.length === 0 ? (
        <ProblemAlert problem={toProblem(log.error)} onRetry={() => void log.refetch()} />
      ) : log.entries.length === 0 ? (
        <Text c="dimmed">{t('user-data.log.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder data-testid="action-log">
            <Table.Caption>{t('user-data.log.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('user-data.log.when')}</Table.Th>
                <Table.Th scope="col">{t('user-data.log.who')}</Table.Th>
                <Table.Th scope="col">{t('user-data.log.what')}</Table.Th>
                <Table.Th scope="col">{t('user-data.log.user')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td>
                    <SafeText component="span" inherit>
                      {e.actor.email ?? e.actor.name ?? t('user-data.log.removed')}
                    </SafeText>
                  </Table.Td>
                  <Table.Td>{what(e)}</Table.Td>
                  <Table.Td ff={e.subject.userId ? 'monospace' : undefined}>{e.subject.userId ?? t('user-data.log.erasedUser', { ref: e.subject.ref })}</Table.Td>
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
            {t('user-data.log.more')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
