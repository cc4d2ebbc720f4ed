import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  GOALS_DOCUMENT,
  goalsChanges,
  goalsValues,
  MAX_GOALS,
  newGoal,
  type GoalRow,
  type GoalsValues,
} from '@tend/domain/patient-metadata';
import { useTranslation } from '@tend/i18n';
import { MetadataDocumentForm } from './MetadataDocumentForm.tsx';

const describe = (value: unknown) =>
  Array.isArray(value)
    ? (value as GoalRow[]).map((g) => `${g.achieved ? '✓ ' : ''}${g.text}`).join('; ')
    : String(value ?? '');

/** The patient's goals (metadata document `goals`): text, why it matters, achieved. */
export function GoalsForm() {
  const { t } = useTranslation('patient');
  return (
    <MetadataDocumentForm<GoalsValues>
      documentId={GOALS_DOCUMENT}
      title={t('goals.goals.title')}
      initialValues={{ goals: [] }}
      toValues={goalsValues}
      toChanges={goalsChanges}
      labels={{ goals: t('goals.goals.label') }}
      format={(_path, value) => describe(value)}
      savedText={t('goals.goals.saved')}
      saveLabel={t('goals.goals.save')}
    >
      {(form) => {
        const goals = form.values.goals;
        return (
          <>
            {goals.length === 0 ? <Text>{t('goals.goals.empty')}</Text> : null}
            {goals.map((goal, i) => (
              <Paper key={goal.id} withBorder p="sm">
                <Stack gap="xs">
                  <Group align="flex-end" wrap="nowrap">
                    <TextInput
                      style={{ flex: 1 }}
                      label={t('goals.goals.text', { number: i + 1 })}
                      maxLength={200}
                      {...form.getInputProps(`goals.${i}.text`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('goals.goals.remove', { number: i + 1 })}
                      onClick={() => form.removeListItem('goals', i)}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                  <Textarea
                    label={t('goals.goals.why')}
                    maxLength={500}
                    autosize
                    minRows={1}
                    {...form.getInputProps(`goals.${i}.why`)}
                  />
                  <Checkbox
                    label={t('goals.goals.achieved')}
                    {...form.getInputProps(`goals.${i}.achieved`, { type: 'checkbox' })}
                  />
                </Stack>
              </Paper>
            ))}
            <Group>
              <Button
                variant="default"
                disabled={goals.length >= MAX_GOALS}
                onClick={() => form.insertListItem('goals', newGoal())}
              >
                {t('goals.goals.add')}
              </Button>
              {goals.length >= MAX_GOALS ? <Text size="sm">{t('goals.goals.max')}</Text> : null}
            </Group>
          </>
        );
      }}
    </MetadataDocumentForm>
  );
}
