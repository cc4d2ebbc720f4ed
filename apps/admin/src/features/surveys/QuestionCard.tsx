import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Box,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Textarea,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import type { SurveyQuestionType } from '@tend/api/model';
import { QUESTION_TYPES, SURVEY_LIMITS, type EditorValues } from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';

interface Props {
  form: UseFormReturnType<EditorValues>;
  index: number;
  count: number;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
}

/** One question of the editor: its handle (drag or keyboard), wording, kind, needed or not, answers or range. */
export function QuestionCard({ form, index, count, onMove, onRemove }: Props) {
  const { t } = useTranslation('admin');
  const q = form.getValues().questions[index]!;
  const n = index + 1;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: q.id });
  const path = `questions.${index}`;
  const choice = q.type === 'single-choice' || q.type === 'multiple-choice';
  const range = q.type === 'number' || q.type === 'scale';
  const optionsInput = form.getInputProps(`${path}.options`);
  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      <Card withBorder padding="sm" shadow={isDragging ? 'md' : undefined} data-testid="survey-question">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="lg"
            {...attributes}
            {...listeners}
            aria-label={t('surveys.editor.handle', {
              n,
              text: q.text.trim() || t('surveys.editor.untitled', { n }),
            })}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={18} aria-hidden="true" />
          </ActionIcon>
          <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
            <Textarea
              id={`survey-question-${q.id}-text`}
              label={t('surveys.editor.text', { n })}
              autosize
              minRows={1}
              maxLength={SURVEY_LIMITS.text}
              key={form.key(`${path}.text`)}
              {...form.getInputProps(`${path}.text`)}
            />
            <Group align="flex-end" gap="sm">
              <Select
                label={t('surveys.editor.kind', { n })}
                data={QUESTION_TYPES.map((type) => ({ value: type, label: t(`surveys.kinds.${type}`) }))}
                allowDeselect={false}
                value={q.type}
                onChange={(v) => {
                  if (!v) return;
                  const type = v as SurveyQuestionType;
                  form.setFieldValue(`${path}.type`, type);
                  if ((type === 'single-choice' || type === 'multiple-choice') && q.options.length === 0)
                    form.setFieldValue(`${path}.options`, ['', '']);
                  if (type === 'scale' && q.min === '' && q.max === '') {
                    form.setFieldValue(`${path}.min`, 1);
                    form.setFieldValue(`${path}.max`, 5);
                  }
                }}
                w={260}
              />
              <Switch
                label={t('surveys.editor.required', { n })}
                key={form.key(`${path}.required`)}
                {...form.getInputProps(`${path}.required`, { type: 'checkbox' })}
                mb={6}
              />
            </Group>
            {choice ? (
              <Textarea
                label={t('surveys.editor.options', { n })}
                description={t('surveys.editor.optionsHint')}
                autosize
                minRows={2}
                value={q.options.join('\n')}
                onChange={(e) => form.setFieldValue(`${path}.options`, e.currentTarget.value.split('\n'))}
                error={optionsInput.error}
              />
            ) : null}
            {range ? (
              <Group gap="sm" align="flex-start">
                <NumberInput
                  label={t('surveys.editor.min', { n })}
                  w={180}
                  key={form.key(`${path}.min`)}
                  {...form.getInputProps(`${path}.min`)}
                />
                <NumberInput
                  label={t('surveys.editor.max', { n })}
                  w={180}
                  key={form.key(`${path}.max`)}
                  {...form.getInputProps(`${path}.max`)}
                />
              </Group>
            ) : null}
            <Group gap="xs">
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconArrowUp size={14} aria-hidden="true" />}
                id={`survey-question-${q.id}-up`}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                {t('surveys.editor.moveUp', { n })}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconArrowDown size={14} aria-hidden="true" />}
                id={`survey-question-${q.id}-down`}
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
              >
                {t('surveys.editor.moveDown', { n })}
              </Button>
              <Button
                size="compact-sm"
                variant="outline"
                color="red.9"
                leftSection={<IconTrash size={14} aria-hidden="true" />}
                onClick={() => onRemove(index)}
              >
                {t('surveys.editor.remove', { n })}
              </Button>
            </Group>
          </Stack>
        </Group>
      </Card>
    </Box>
  );
}
