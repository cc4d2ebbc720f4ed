import { Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import {
  auditRoles,
  knownAuditAction,
  useOrganisationAudit,
  type OrganisationAuditEntry,
} from '@tend/domain/staff';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { InfiniteVirtualList } from '@tend/ui/virtual-list';

const ROW_ESTIMATE = 96;

/** The organisation's audit log: who changed what, and when (newest first, page by page). */
export function AuditSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const audit = useOrganisationAudit(organisationId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="audit-title">
      <Title order={2} size="h3" id="audit-title">
        {t('organisations.audit.title')}
      </Title>
      <Text size="sm">{t('organisations.audit.intro')}</Text>
      {audit.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t('organisations.audit.loading')}</Text>
        </Group>
      ) : audit.error && audit.entries.length === 0 ? (
        <ProblemAlert problem={toProblem(audit.error)} onRetry={() => void audit.refetch()} />
      ) : audit.entries.length === 0 ? (
        <Text c="dimmed">{t('organisations.audit.empty')}</Text>
      ) : (
        <InfiniteVirtualList
          items={audit.entries}
          itemKey={(e) => e.id}
          renderItem={(entry) => <AuditRow entry={entry} />}
          loadingMore={
            <Group gap="xs" p="sm" role="status">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">{t('organisations.audit.loadingMore')}</Text>
            </Group>
          }
          hasNextPage={audit.hasNextPage}
          isFetchingNextPage={audit.isFetchingNextPage}
          fetchNextPage={audit.fetchNextPage}
          failed={Boolean(audit.error)}
          label={t('organisations.audit.label')}
          estimateSize={ROW_ESTIMATE}
          testId="audit-log"
          rowTestId="audit-entry"
          style={{
            maxHeight: 'min(65vh, 640px)',
            height: Math.min(audit.entries.length * ROW_ESTIMATE, 640) + 2,
          }}
        />
      )}
      {audit.error && audit.entries.length > 0 ? (
        <ProblemAlert problem={toProblem(audit.error)} onRetry={() => void audit.fetchNextPage()} />
      ) : null}
    </Stack>
  );
}

function AuditRow({ entry }: { entry: OrganisationAuditEntry }) {
  const { t } = useTranslation('admin');
  const action = knownAuditAction(entry.action);
  const roleNames = (value: unknown) =>
    auditRoles(value)
      .map((r) => t(`organisations.audit.roles.${r}`))
      .join(', ') || t('organisations.audit.noRole');
  const detail = entry.detail as Record<string, unknown>;
  let change: string | null = null;
  if (action === 'roles_changed')
    change = t('organisations.audit.rolesChange', {
      from: roleNames(detail.previousRoles),
      to: roleNames(detail.roles),
    });
  else if (action === 'staff_removed')
    change = t('organisations.audit.placed', {
      toTherapists: Number(detail.toTherapists ?? 0),
      toIntake: Number(detail.toIntake ?? 0),
    });
  else if (action === 'patient_placed')
    change = t('organisations.audit.placedWith', { therapist: String(detail.therapist ?? '') });
  else if (action === 'patient_reassigned')
    change = detail.reason
      ? t('organisations.audit.movedToBecause', {
          therapist: String(detail.therapist ?? ''),
          reason: String(detail.reason),
        })
      : t('organisations.audit.movedTo', { therapist: String(detail.therapist ?? '') });
  else if (action === 'retention_applied')
    change = t('organisations.audit.retention', {
      days: Number(detail.retentionDays ?? 0),
      cutoff: typeof detail.cutoff === 'string' ? formatDateTime(detail.cutoff) : '',
      moments: Number(detail.momentsRemoved ?? 0),
      surveys: Number(detail.surveyResponsesRemoved ?? 0),
      sessions: Number(detail.rewardSessionsRemoved ?? 0),
    });
  else if (action && detail.role !== undefined)
    change = t('organisations.audit.asRole', { role: roleNames(detail.role) });
  return (
    <Stack gap={2} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" size="sm">
          {action ? t(`organisations.audit.actions.${action}`) : t('organisations.audit.actions.other')}
        </Badge>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          <SafeText component="span" inherit>
            {entry.subject}
          </SafeText>
        </Text>
      </Group>
      {change ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {change}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        <SafeText component="span" inherit>
          {t('organisations.audit.byWhen', {
            who:
              entry.actorName ??
              (action === 'retention_applied'
                ? t('organisations.audit.bySystem')
                : t('organisations.audit.unknownActor')),
            when: formatDateTime(entry.at),
          })}
        </SafeText>
      </Text>
    </Stack>
  );
}
