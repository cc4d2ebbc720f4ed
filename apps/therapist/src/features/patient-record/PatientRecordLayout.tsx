import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMail, IconMessages, IconUserMinus } from '@tabler/icons-react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { ProblemAlert, toProblem } from '@tend/core';
import { useIsLead, usePatient } from '@tend/domain/patient-record';
import { RiskFlag } from '@tend/domain/risk-alerts';
import { useMyTimezone } from '@tend/domain/therapist-profile';
import { useTranslation } from '@tend/i18n';
import { Spinner } from '@tend/ui';
import { paths, patientPath } from '../../paths.ts';
import type { RecordContext } from './context.ts';
import { DischargeDialog } from './DischargeDialog.tsx';
import { RiskFlagDialog } from './RiskFlagDialog.tsx';
import { NextAppointment } from './NextAppointment.tsx';
import { SinceLastLook } from './SinceLastLook.tsx';
import { WelfareEmailDialog } from './WelfareEmailDialog.tsx';
import './record.css';

/**
 * `/patients/:patientId`: who the patient is, their risk and care team, what is new since the therapist last
 * looked, the record's tabs and actions.
 */
export function PatientRecordLayout() {
  const { t } = useTranslation('therapist');
  const { patientId = '' } = useParams();
  const patient = usePatient(patientId);
  const lead = useIsLead(patientId);
  const { data: zone } = useMyTimezone();
  const [flagging, flag] = useDisclosure(false);
  const [discharging, discharge] = useDisclosure(false);
  const [writing, welfare] = useDisclosure(false);
  const timeZone = zone ?? undefined;

  if (patient.isPending) {
    return <Spinner label={t('record.loading')} showLabel size="sm" />;
  }
  if (patient.error || !patient.data) {
    const problem = toProblem(patient.error);
    return (
      <Stack>
        <Title order={1}>{t('record.unavailableTitle')}</Title>
        <ProblemAlert
          problem={problem}
          message={problem.status === 403 ? t('record.notYours') : undefined}
          onRetry={() => void patient.refetch()}
        />
        <Anchor component={Link} to={paths.caseload}>
          {t('record.backToCaseload')}
        </Anchor>
      </Stack>
    );
  }
  const p = patient.data;
  const name = `${p.firstName} ${p.lastName}`.trim();
  const team = p.therapists;
  const leadTherapist = team.find((m) => m.isLead);
  const others = team.filter((m) => !m.isLead);
  const context: RecordContext = { patient: p, timeZone, isLead: lead.data ?? false };
  const tabs = [
    { to: patientPath(paths.patient, patientId), label: t('record.tabs.timeline'), end: true },
    { to: patientPath(paths.patientMeasures, patientId), label: t('record.tabs.measures') },
    { to: patientPath(paths.patientNotes, patientId), label: t('record.tabs.notes') },
    { to: patientPath(paths.patientRisk, patientId), label: t('record.tabs.risk') },
    { to: patientPath(paths.patientSafetyPlan, patientId), label: t('record.tabs.safetyPlan') },
  ];

  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={1}>{name}</Title>
              <Text c="dimmed" size="sm">
                {[
                  p.screenName && p.screenName !== p.firstName
                    ? t('record.screenName', { screenName: p.screenName })
                    : null,
                  p.organisationName,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                component={Link}
                to={paths.patientChatHistory(patientId)}
                variant="default"
                leftSection={<IconMessages size={16} aria-hidden="true" />}
              >
                {t('record.chatHistory')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconMail size={16} aria-hidden="true" />}
                onClick={welfare.open}
              >
                {t('record.welfare.open')}
              </Button>
              <Button
                variant="light"
                color="red"
                leftSection={<IconUserMinus size={16} aria-hidden="true" />}
                onClick={discharge.open}
              >
                {t('record.discharge.open')}
              </Button>
            </Group>
          </Group>
          <Group align="flex-start" gap="xl" wrap="wrap">
            <Stack gap={6} style={{ flex: '1 1 18rem' }}>
              <Text size="sm" fw={600}>
                {t('record.risk')}
              </Text>
              <RiskFlag risk={p.risk} timeZone={timeZone} showNone />
              <div>
                <Button
                  size="xs"
                  variant={p.risk.highRisk ? 'default' : 'light'}
                  color={p.risk.highRisk ? undefined : 'red'}
                  onClick={flag.open}
                >
                  {p.risk.highRisk ? t('record.flag.clearButton') : t('record.flag.setButton')}
                </Button>
              </div>
            </Stack>
            <Stack gap={6} style={{ flex: '1 1 18rem' }}>
              <Text size="sm" fw={600}>
                {t('record.careTeam')}
              </Text>
              <Text size="sm">
                {leadTherapist
                  ? t('record.lead', { name: `${leadTherapist.firstName} ${leadTherapist.lastName}` })
                  : t('record.noLead')}
              </Text>
              {others.length ? (
                <Text size="sm">
                  {t('record.others', {
                    names: others.map((m) => `${m.firstName} ${m.lastName}`).join(', '),
                  })}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed">
                {context.isLead ? t('record.youLead') : t('record.youDoNotLead')}
              </Text>
            </Stack>
            <NextAppointment patientId={patientId} timeZone={timeZone} />
          </Group>
        </Stack>
      </Paper>
      <SinceLastLook patientId={patientId} name={p.firstName} timeZone={timeZone} />
      <Group component="nav" aria-label={t('record.tabs.label')} gap="xs">
        {tabs.map((tab) => (
          <Button
            key={tab.to}
            component={NavLink}
            to={tab.to}
            end={tab.end}
            variant="subtle"
            className="tend-record-tab"
          >
            {tab.label}
          </Button>
        ))}
      </Group>
      <Outlet context={context} />
      <RiskFlagDialog opened={flagging} onClose={flag.close} patient={p} />
      <DischargeDialog opened={discharging} onClose={discharge.close} patient={p} isLead={context.isLead} />
      <WelfareEmailDialog opened={writing} onClose={welfare.close} patient={p} />
    </Stack>
  );
}
