import { ActionIcon, Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { PatientMetadata } from '@tend/api/model';
import { ProblemAlert, toProblem, useVersionedForm, VersionConflictPanel } from '@tend/domain';
import {
  GOALS_DOCUMENT,
  goalsChanges,
  goalsValues,
  MAX_GOALS,
  newGoal,
  usePatientMetadata,
  useUpdatePatientMetadata,
  type GoalRow,
  type GoalsValues,
} from '@tend/domain/patient-metadata';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';

/** The patient's goals (metadata document `goals`): text, why it matters, achieved. */
export function GoalsForm() {
  const { t } = useTranslation('patient');
  const doc = usePatientMetadata(GOALS_DOCUMENT);
  const update = useUpdatePatientMetadata(GOALS_DOCUMENT);
  const vf = useVersionedForm<PatientMetadata, GoalsValues, PatientMetadata>({
    resource: doc.data,
    etag: doc.data?.etag,
    initialValues: { goals: [] },
    toValues: (r) => goalsValues(r.data),
    save: (values, etag) => update.mutateAsync({ changes: goalsChanges(values), etag }),
    savedResource: (saved) => saved,
  });
  const goals = vf.form.values.goals;
  const describe = (value: unknown) =>
    Array.isArray(value) ? (value as GoalRow[]).map((g) => `${g.achieved ? '✓ ' : ''}${g.text}`).join('; ') : String(value ?? '');
  return (
    <Section title={t('goals.goals.title')}>
      {doc.isPending ? (
        <Loader aria-label={t('ui.loading')} />
      ) : doc.isError ? (
        <ProblemAlert problem={toProblem(doc.error)} message={t('goals.loadFailed')} onRetry={() => void doc.refetch()} />
      ) : (
        <form onSubmit={vf.onSubmit} noValidate>
          <Stack gap="md">
            {goals.length === 0 ? <Text>{t('goals.goals.empty')}</Text> : null}
            {goals.map((goal, i) => (
              <Paper key={goal.id} withBorder p="sm">
                <Stack gap="xs">
                  <Group align="flex-end" wrap="nowrap">
                    <TextInput style={{ flex: 1 }} label={t('goals.goals.text', { number: i + 1 })} maxLength={200} {...vf.form.getInputProps(`goals.${i}.text`)} />
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('goals.goals.remove', { number: i + 1 })} onClick={() => vf.form.removeListItem('goals', i)}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <Textarea label={t('goals.goals.why')} maxLength={500} autosize minRows={1} {...vf.form.getInputProps(`goals.${i}.why`)} />
                  <Checkbox label={t('goals.goals.achieved')} {...vf.form.getInputProps(`goals.${i}.achieved`, { type: 'checkbox' })} />
                </Stack>
              </Paper>
            ))}
            <Group>
              <Button variant="default" disabled={goals.length >= MAX_GOALS} onClick={() => vf.form.insertListItem('goals', newGoal())}>
                {t('goals.goals.add')}
              </Button>
              {goals.length >= MAX_GOALS ? <Text size="sm">{t('goals.goals.max')}</Text> : null}
            </Group>
            {vf.conflict ? (
              <VersionConflictPanel conflict={vf.conflict} labels={{ goals: t('goals.goals.label') }} pending={vf.pending} format={(_p, v) => describe(v)} />
            ) : (
              <ProblemAlert problem={vf.problem} onRetry={() => void vf.submit()} />
            )}
            {vf.succeeded && !vf.form.isDirty() ? (
              <Alert color="teal" role="status" variant="light">
                {t('goals.goals.saved')}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={vf.pending}>
                {t('goals.goals.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Section>
  );
}
