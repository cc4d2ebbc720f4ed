import { Divider, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import type { UserDataSummary } from '@tend/api/model';
import { useReauthenticate } from '@tend/auth';
import { useSubmit } from '@tend/core';
import { afterPasswordAgain } from '@tend/domain/account';
import { useCloneUser, useExportUser } from '@tend/domain/users-data';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { EraseSection } from './EraseSection.tsx';
import { UserAction } from './UserAction.tsx';

/** A found user: who, and the rows each table keeps (what an export holds and an erasure removes); the actions. */
export function UserSummaryPanel({ summary, onErased }: { summary: UserDataSummary; onErased: () => void }) {
  const { t } = useTranslation('admin');
  const { reauthenticate } = useReauthenticate();
  const exporting = useExportUser();
  const cloning = useCloneUser();
  const exportSubmit = useSubmit(() =>
    afterPasswordAgain(reauthenticate, () => exporting.mutateAsync(summary.userId)),
  );
  const cloneSubmit = useSubmit(() =>
    afterPasswordAgain(reauthenticate, () => cloning.mutateAsync({ userId: summary.userId })),
  );
  const name = [summary.firstName, summary.lastName].filter(Boolean).join(' ');
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="summary-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="summary-title">
          {t('user-data.summary.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0} spacing="xs">
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('user-data.summary.name')}
            </Text>
            <Text component="dd" m={0}>
              <SafeText component="span" inherit>
                {name || t('user-data.summary.noName')}
              </SafeText>
            </Text>
          </div>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('user-data.summary.email')}
            </Text>
            <Text component="dd" m={0} data-testid="summary-email">
              <SafeText component="span" inherit>
                {summary.email ?? t('user-data.summary.noEmail')}
              </SafeText>
            </Text>
          </div>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('user-data.summary.userId')}
            </Text>
            <Text component="dd" m={0} ff="monospace">
              {summary.userId}
            </Text>
          </div>
          <div>
            <Text component="dt" size="sm" c="dimmed">
              {t('user-data.summary.roles')}
            </Text>
            <Text component="dd" m={0}>
              {summary.roles.length
                ? summary.roles
                    .map((r) => (r.organisationId ? `${r.role} (${r.organisationId})` : r.role))
                    .join(', ')
                : t('user-data.summary.noRoles')}
            </Text>
          </div>
        </SimpleGrid>
        <Table.ScrollContainer minWidth={320}>
          <Table striped withTableBorder maw={520} data-testid="kept-rows">
            <Table.Caption>{t('user-data.summary.caption', { total: summary.total })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('user-data.summary.table')}</Table.Th>
                <Table.Th scope="col">{t('user-data.summary.rows')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.tables.map((row) => (
                <Table.Tr key={row.table}>
                  <Table.Th scope="row" ff="monospace" fw={400}>
                    {row.table}
                  </Table.Th>
                  <Table.Td>{row.rows}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Divider />
        <UserAction
          titleId="export-title"
          title={t('user-data.export.title')}
          intro={t('user-data.export.intro')}
          submit={exportSubmit}
          done={(exported) =>
            t('user-data.export.done', {
              fileName: exported.fileName,
              size: Math.max(1, Math.round(exported.bytes / 1024)),
            })
          }
          label={t('user-data.export.submit')}
          icon={IconDownload}
        />
        <UserAction
          titleId="clone-title"
          title={t('user-data.clone.title')}
          intro={t('user-data.clone.intro')}
          submit={cloneSubmit}
          done={(clone) => t('user-data.clone.done', { email: clone.email, userId: clone.userId })}
          label={t('user-data.clone.submit')}
          icon={IconCopy}
          variant="default"
        />
        <Divider />
        <EraseSection summary={summary} onErased={onErased} />
      </Stack>
    </Paper>
  );
}
