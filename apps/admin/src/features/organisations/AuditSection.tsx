import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  auditRoles,
  knownAuditAction,
  useOrganisationAudit,
  type OrganisationAuditEntry,
} from '@tend/domain/staff';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { PagedList } from '../../components/PagedList.tsx';
import { Section } from '../../components/Section.tsx';

const ROW_ESTIMATE = 96;

/** The organisation's audit log: who changed what, and when (newest first, page by page). */
export function AuditSection({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('admin');
  const audit = useOrganisationAudit(organisationId);
  return (
    <Section
      titleId="audit-title"
      title={t('organisations.audit.title')}
      intro={t('organisations.audit.intro')}
    >
      <PagedList
        query={audit}
        items={audit.entries}
        words={{
          loading: t('organisations.audit.loading'),
          loadingMore: t('organisations.audit.loadingMore'),
          empty: t('organisations.audit.empty'),
        }}
        itemKey={(e) => e.id}
        renderItem={(entry) => <AuditRow entry={entry} />}
        label={t('organisations.audit.label')}
        estimateSize={ROW_ESTIMATE}
        testId="audit-log"
        rowTestId="audit-entry"
      />
    </Section>
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
