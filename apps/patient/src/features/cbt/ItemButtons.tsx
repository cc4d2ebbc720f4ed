import { ActionIcon, Button, Group } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Removes one item of a list the person writes (a thought, an emotion, a line): a bin named by `label`. */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={onClick}>
      <IconTrash size={18} aria-hidden="true" />
    </ActionIcon>
  );
}

/** Adds an item under a list the person writes. */
export function AddButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Group>
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden="true" />}
        onClick={onClick}
      >
        {children}
      </Button>
    </Group>
  );
}
