import { useState } from 'react';
import { Anchor, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { OrganisationRoleHolder } from '@tend/api/model';
import { ProblemAlert, toProblem } from '@tend/core';
import { useOrganisationRoles } from '@tend/domain/roles';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { InfiniteVirtualList } from '@tend/ui/virtual-list';
import { paths, to } from '../../paths.ts';
import { RolesDialog } from './RolesDialog.tsx';

const ROW_ESTIMATE = 120;
const nameOf = (h: OrganisationRoleHolder) => [h.firstName, h.lastName].filter(Boolean).join(' ') || h.email;

/** Who works in the organisation, with the roles they hold here: change them, or remove the person. */
export function StaffList({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const roles = useOrganisationRoles(organisationId);
  const [editing, setEditing] = useState<OrganisationRoleHolder | null>(null);
  // Administrators of an organisation above this one are changed there.
  const staff = roles.holders.filter((h) => (h.staffRoles ?? []).length > 0);
  return (
    <Stack gap="sm" component="section" aria-labelledby="staff-title">
      <Title order={2} size="h3" id="staff-title">
        {t('staff.members.title')}
      </Title>
      <Text size="sm">{t('staff.members.intro')}</Text>
      {roles.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('staff.members.loading')}</Text>
        </Group>
      ) : roles.error && staff.length === 0 ? (
        <ProblemAlert problem={toProblem(roles.error)} onRetry={() => void roles.refetch()} />
      ) : staff.length === 0 ? (
        <Text c="dimmed">{t('staff.members.empty')}</Text>
      ) : (
        <InfiniteVirtualList
          items={staff}
          itemKey={(h) => h.userId}
          renderItem={(h) => (
            <Stack gap={4} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                <SafeText component="span" inherit>
                  {nameOf(h)}
                </SafeText>
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <SafeText component="span" inherit>
                  {h.email}
                </SafeText>
              </Text>
              <Group gap={4}>
                {(h.staffRoles ?? []).map((r) => (
                  <Badge key={r} variant="default" size="sm">
                    {t(`staff.roles.${r}`)}
                  </Badge>
                ))}
              </Group>
              <Group gap="sm">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setEditing(h)}
                  aria-label={t('staff.members.changeFor', { name: nameOf(h) })}
                >
                  {t('staff.members.change')}
                </Button>
                {(h.staffRoles ?? []).some((r) => r === 'therapist' || r === 'lead-therapist') ? (
                  <Anchor
                    component={Link}
                    size="sm"
                    to={to(paths.staffMove, { organisationId, userId: h.userId })}
                    aria-label={t('staff.members.moveFor', { name: nameOf(h) })}
                  >
                    {t('staff.members.move')}
                  </Anchor>
                ) : null}
                <Anchor
                  component={Link}
                  size="sm"
                  to={to(paths.staffRemove, { organisationId, userId: h.userId })}
                  aria-label={t('staff.members.removeFor', { name: nameOf(h) })}
                >
                  {t('staff.members.remove')}
                </Anchor>
              </Group>
            </Stack>
          )}
          loadingMore={
            <Group gap="xs" p="sm" role="status">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t('staff.members.loadingMore')}</Text>
            </Group>
          }
          hasNextPage={roles.hasNextPage}
          isFetchingNextPage={roles.isFetchingNextPage}
          fetchNextPage={roles.fetchNextPage}
          failed={Boolean(roles.error)}
          label={t('staff.members.label')}
          estimateSize={ROW_ESTIMATE}
          testId="staff-list"
          style={{ maxHeight: 'min(65vh, 640px)', height: Math.min(staff.length * ROW_ESTIMATE, 640) + 2 }}
        />
      )}
      {roles.error && staff.length > 0 ? (
        <ProblemAlert problem={toProblem(roles.error)} onRetry={() => void roles.fetchNextPage()} />
      ) : null}
      {editing ? (
        <RolesDialog
          organisationId={organisationId}
          person={editing}
          name={nameOf(editing)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
