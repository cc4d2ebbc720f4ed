import { Checkbox, Group, Radio, Slider, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { EmotionFields } from './EmotionFields.tsx';
import { AddButton, RemoveButton } from './ItemButtons.tsx';
import { HotView, RerateInput, ThoughtsInput } from './ThoughtFields.tsx';
import { SUITABILITY_ITEMS, THINKING_PATTERNS, type ToolField } from './tools.ts';
import type { Emotion, Thought, Values } from './values.ts';

type Set = (name: string, value: Values[string]) => void;

/** The inputs of one step of a CBT exercise, by field kind. */
export function StepFields({ fields, values, set }: { fields: ToolField[]; values: Values; set: Set }) {
  return (
    <Stack gap="md">
      {fields.map((f) => (
        <FieldInput key={f.name} field={f} value={values[f.name]} values={values} set={set} />
      ))}
    </Stack>
  );
}

function FieldInput({
  field: f,
  value = null,
  values,
  set,
}: {
  field: ToolField;
  value: Values[string] | undefined;
  values: Values;
  set: Set;
}) {
  const { t } = useTranslation('patient');
  const label = f.kind === 'hotView' ? '' : t(`cbt.fields.${f.name as 'situation'}`);
  // A short and a long text field differ only in their input: one line, or a box that grows.
  const textProps = {
    label,
    withAsterisk: f.required,
    maxLength: f.max,
    value: value as string,
    onChange: (e: { currentTarget: { value: string } }) => set(f.name, e.currentTarget.value),
  };
  switch (f.kind) {
    case 'text':
      return <TextInput {...textProps} />;
    case 'longText':
      return <Textarea {...textProps} autosize minRows={3} />;
    case 'list': {
      const items = (value as string[]).length ? (value as string[]) : [''];
      return (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {label}
            {f.required ? ' *' : ''}
          </Text>
          {items.map((item, i) => (
            <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label={t('cbt.item', { label, number: i + 1 })}
                maxLength={f.max}
                value={item}
                onChange={(e) =>
                  set(
                    f.name,
                    items.map((x, j) => (j === i ? e.currentTarget.value : x)),
                  )
                }
              />
              <RemoveButton
                label={t('cbt.remove', { label, number: i + 1 })}
                onClick={() =>
                  set(
                    f.name,
                    items.filter((_, j) => j !== i),
                  )
                }
              />
            </Group>
          ))}
          <AddButton onClick={() => set(f.name, [...items, ''])}>{t('cbt.add', { label })}</AddButton>
        </Stack>
      );
    }
    case 'emotions':
      return <EmotionFields label={label} value={value as Emotion[]} onChange={(v) => set(f.name, v)} />;
    case 'thoughts':
      return (
        <ThoughtsInput
          label={label}
          max={f.max}
          value={value as Thought[]}
          onChange={(v) => set(f.name, v)}
        />
      );
    case 'rerate':
      return (
        <RerateInput
          label={label}
          values={values}
          value={value as Emotion[]}
          onChange={(v) => set(f.name, v)}
        />
      );
    case 'hotView':
      return <HotView values={values} />;
    case 'patterns':
      return (
        <Checkbox.Group
          label={label}
          withAsterisk={f.required}
          value={value as string[]}
          onChange={(v) => set(f.name, v)}
        >
          <Stack gap="sm" mt="xs">
            {THINKING_PATTERNS.map((p) => (
              <Checkbox
                key={p}
                value={p}
                label={t(`cbt.patterns.${p}.name`)}
                description={t(`cbt.patterns.${p}.about`)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'strength':
      return (
        <Stack gap={2}>
          <Text size="sm" id={`${f.name}-label`}>
            {label}: {value === null ? t('cbt.notRated') : t('cbt.percent', { value })}
          </Text>
          <Slider
            thumbProps={{ 'aria-labelledby': `${f.name}-label` }}
            // The value is in the label above: a floating bubble would cover it on a phone.
            label={null}
            min={0}
            max={100}
            step={5}
            value={(value as number | null) ?? 50}
            onChange={(v) => set(f.name, v)}
          />
        </Stack>
      );
    case 'likert': {
      const answers = value as Array<number | null>;
      return (
        <Stack gap="md">
          {Array.from({ length: SUITABILITY_ITEMS }, (_, i) => (
            <Radio.Group
              key={i}
              label={t(`cbt.suitability.items.${(i + 1) as 1}`)}
              withAsterisk
              value={answers[i] === null || answers[i] === undefined ? null : String(answers[i])}
              onChange={(v) =>
                set(
                  f.name,
                  answers.map((a, j) => (j === i ? Number(v) : a)),
                )
              }
            >
              <Group gap="md" mt={4}>
                {[0, 1, 2, 3, 4].map((s) => (
                  <Radio key={s} value={String(s)} label={t(`cbt.suitability.scale.${s as 0}`)} />
                ))}
              </Group>
            </Radio.Group>
          ))}
        </Stack>
      );
    }
    default:
      return null;
  }
}
