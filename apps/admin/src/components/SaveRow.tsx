import { Button, Group, Text, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SaveRowProps {
  label: ReactNode;
  /** The save is under way (the button shows it). */
  pending: boolean;
  disabled?: boolean;
  /** Saves without submitting a form (the button is then a plain button). */
  onClick?(): void;
  /** The last save went through: `savedText` is announced beside the button (role=status). */
  saved: boolean;
  savedText: ReactNode;
  savedColor?: MantineColor;
  /** More buttons, between the save and the saved line. */
  children?: ReactNode;
}

/** The last row of an editing form: its save button, and once saved a line that says so. */
export function SaveRow({
  label,
  pending,
  disabled,
  onClick,
  saved,
  savedText,
  savedColor = 'teal.9',
  children,
}: SaveRowProps) {
  return (
    <Group>
      <Button type={onClick ? 'button' : 'submit'} onClick={onClick} loading={pending} disabled={disabled}>
        {label}
      </Button>
      {children}
      {saved ? (
        <Text size="sm" role="status" c={savedColor}>
          {savedText}
        </Text>
      ) : null}
    </Group>
  );
}
