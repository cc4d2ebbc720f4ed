import { Alert, List, Paper, Stack, Text, Title } from '@mantine/core';
import { ProblemAlert, toProblem } from '@tend/core';
import { SECTIONS } from '@tend/domain/safety-plan';
import { useSharedSafetyPlan } from '@tend/domain/safety-net';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { SafeText, Spinner } from '@tend/ui';
import { useRecord } from './context.ts';

/**
 * The patient's safety plan, read-only, while they share it with their care team: each section they filled
 * in, and when they last changed it. Not written yet, or kept private by the patient: said in plain words.
 */
export function SafetyPlanTab() {
  const { t } = useTranslation('therapist');
  const { patient, timeZone } = useRecord();
  const { query, state } = useSharedSafetyPlan(patient.patientId);
  const name = patient.firstName;
  if (state === 'loading') return <Spinner label={t('record.safetyPlan.loading')} showLabel size="sm" />;
  if (state === 'none') return <Text c="dimmed">{t('record.safetyPlan.none', { name })}</Text>;
  if (state === 'private')
    return (
      <Alert color="gray" variant="light" data-testid="safety-plan-private">
        {t('record.safetyPlan.private', { name })}
      </Alert>
    );
  if (state === 'error' || !query.data)
    return <ProblemAlert problem={toProblem(query.error)} onRetry={() => void query.refetch()} />;
  const plan = query.data;
  const filled = SECTIONS.filter((s) => (plan.sections[s]?.length ?? 0) > 0);
  return (
    <Stack gap="md" data-testid="safety-plan">
      <Text size="sm" c="dimmed">
        {t('record.safetyPlan.intro', { name, when: formatDateTime(plan.updatedAt, timeZone) })}
      </Text>
      {filled.map((s) => (
        <Paper key={s} withBorder p="md" radius="md" component="section" aria-labelledby={`plan-${s}`}>
          <Title order={2} size="h4" id={`plan-${s}`} mb="xs">
            {t(`record.safetyPlan.sections.${s}`)}
          </Title>
          <List spacing={4}>
            {plan.sections[s]!.map((entry, i) => (
              <List.Item key={i}>
                <SafeText component="span">{entry}</SafeText>
              </List.Item>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}
