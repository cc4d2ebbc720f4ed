import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ChangeEvent } from 'react';
import type { CrisisLine } from '@tend/api/model';
import { useTranslation } from '@tend/i18n';
import { FieldError } from './FieldError.tsx';
import type { SettingInputProps } from './SettingsForm.tsx';

/** How a list of crisis lines reads in one line (in effect, in the 412 view). */
export const crisisLinesText = (value: unknown): string | null =>
  Array.isArray(value) && value.length > 0
    ? (value as CrisisLine[]).map((l) => `${l.name} (${l.phone})`).join(', ')
    : null;

/**
 * The crisis lines the organisation's patients are shown when they need help now: a list of its own (which
 * replaces the one above), or none of its own (inherited). Removing the last line goes back to inherited,
 * so an organisation never ends up showing no crisis line by accident.
 */
export function CrisisLinesField({ label, value, onChange, error, errorOf }: SettingInputProps) {
  const { t } = useTranslation('admin');
  const lines = Array.isArray(value) ? (value as CrisisLine[]) : [];
  const set = (next: CrisisLine[]) => onChange(next.length === 0 ? null : next);
  const change = (index: number, field: keyof CrisisLine, text: string) =>
    set(
      lines.map((line, i) => {
        if (i !== index) return line;
        const next: CrisisLine = { ...line, [field]: text };
        if ((field === 'url' || field === 'country') && text === '') delete next[field];
        return next;
      }),
    );
  // One part of a line as its input shows it: its value, its change and its error.
  const partOf = (line: CrisisLine, index: number, field: 'name' | 'phone' | 'url') => ({
    value: line[field] ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement>) => change(index, field, e.currentTarget.value),
    error: errorOf(`${index}.${field}`),
  });
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={500}>
        {label}
      </Text>
      <Text size="xs" c="dimmed">
        {t('organisations.app.crisisLinesHint')}
      </Text>
      {lines.map((line, index) => (
        <Group key={index} align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label={t('organisations.app.crisisName', { n: index + 1 })}
            {...partOf(line, index, 'name')}
            required
          />
          <TextInput
            label={t('organisations.app.crisisPhone', { n: index + 1 })}
            {...partOf(line, index, 'phone')}
            required
          />
          <TextInput
            label={t('organisations.app.crisisUrl', { n: index + 1 })}
            type="url"
            {...partOf(line, index, 'url')}
          />
          <ActionIcon
            variant="subtle"
            mt={28}
            onClick={() => set(lines.filter((_, i) => i !== index))}
            aria-label={t('organisations.app.crisisRemove', { n: index + 1 })}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => set([...lines, { name: '', phone: '' }])}
        >
          {t('organisations.app.crisisAdd')}
        </Button>
      </Group>
      <FieldError error={error} />
    </Stack>
  );
}
