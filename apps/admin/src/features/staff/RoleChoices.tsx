import { Stack } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { STAFF_ROLES } from '@tend/domain/staff';
import { useTranslation } from '@tend/i18n';

/**
 * The staff roles, each a choice with its name and what it lets someone do, one under the other: radios where
 * one role is chosen (an invitation), checkboxes where several are (a person's roles). Goes inside the group
 * of `choice` (Radio.Group, Checkbox.Group), which holds the value.
 */
export function RoleChoices({
  choice: Choice,
}: {
  choice: ComponentType<{ value: string; label: ReactNode; description: ReactNode }>;
}) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs" mt="xs">
      {STAFF_ROLES.map((r) => (
        <Choice key={r} value={r} label={t(`staff.roles.${r}`)} description={t(`staff.roleMeanings.${r}`)} />
      ))}
    </Stack>
  );
}
