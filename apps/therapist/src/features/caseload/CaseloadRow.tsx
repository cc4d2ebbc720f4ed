import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import type { PatientSummary } from '@tend/api/model';
import { patientName } from '@tend/domain/caseload';
import { RiskFlag } from '@tend/domain/risk-alerts';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { paths, patientPath } from '../../paths.ts';
import { ScoreSummary } from './ScoreSummary.tsx';

/**
 * One patient of the caseload: name (to their record), whether something is new since the therapist last
 * opened the record, risk, latest measures, the next appointment with them, last activity, unread messages.
 * Memoised: the list re-renders on every scroll frame, a row only when its patient or the timezone changes.
 */
export const CaseloadRow = memo(function CaseloadRow({
  patient,
  timeZone,
}: {
  patient: PatientSummary;
  timeZone: string | undefined;
}) {
  const { t } = useTranslation('therapist');
  const name = patientName(patient);
  return (
    <Group
      justify="space-between"
      align="flex-start"
      // On a phone the dates and badges go under the name rather than squeeze it into a narrow column (a
      // long name wrapped two letters a line).
      wrap="wrap"
      p="sm"
      gap="md"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={4} style={{ minWidth: 'min(100%, 12rem)', flex: '1 1 12rem' }}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={patientPath(paths.patient, patient.patientId)}
            fw={600}
            style={{ overflowWrap: 'anywhere' }}
          >
            {name}
          </Anchor>
          {patient.screenName && patient.screenName !== patient.firstName ? (
            <Text size="sm" c="dimmed" lineClamp={1}>
              {t('caseload.row.screenName', { screenName: patient.screenName })}
            </Text>
          ) : null}
          {patient.hasNew ? (
            // Said in words, not colour alone: "New", named in full for a screen reader.
            <Badge
              role="img"
              aria-label={t('caseload.row.new')}
              title={t('caseload.row.new')}
              color="tend"
              variant="filled"
              size="sm"
              style={{ flex: 'none' }}
              leftSection={<IconSparkles size={12} aria-hidden="true" />}
            >
              {t('caseload.row.newShort')}
            </Badge>
          ) : null}
        </Group>
        <RiskFlag risk={patient.risk} timeZone={timeZone} compact />
        <Group gap="lg" wrap="wrap">
          <ScoreSummary risk={patient.risk} type="phq9" />
          <ScoreSummary risk={patient.risk} type="gad7" />
        </Group>
      </Stack>
      <Stack gap={4} align="flex-end" style={{ flex: '0 1 auto', minWidth: 0 }}>
        {patient.nextAppointment ? (
          <Text
            size="xs"
            fw={600}
            ta="end"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="caseload-next-appointment"
          >
            {t('caseload.row.nextAppointment', {
              when: formatDateTime(patient.nextAppointment.start, timeZone),
            })}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {patient.lastActivityAt
            ? t('caseload.row.lastActive', { when: formatDateTime(patient.lastActivityAt, timeZone) })
            : t('caseload.row.noActivity')}
        </Text>
        <Group gap={4} justify="flex-end">
          {patient.unreadMessages ? (
            <Badge color="blue" variant="filled" size="sm">
              {t('caseload.row.unread', { count: patient.unreadMessages })}
            </Badge>
          ) : null}
          <Badge variant="light" color={patient.isLead ? 'tend' : 'gray'} size="sm">
            {patient.isLead ? t('caseload.row.lead') : t('caseload.row.notLead')}
          </Badge>
          {patient.sharedData ? (
            <Badge variant="outline" color="gray" size="sm">
              {t('caseload.row.shared')}
            </Badge>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
});
