import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The last row of a form that makes something new: its submit, then a link back to where it would stand. */
export function CreateActions({
  pending,
  submitLabel,
  cancelTo,
  cancelLabel,
}: {
  /** The submit is under way (the button shows it). */
  pending: boolean;
  submitLabel: ReactNode;
  cancelTo: string;
  cancelLabel: ReactNode;
}) {
  return (
    <Group>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
      <Button component={Link} to={cancelTo} variant="default">
        {cancelLabel}
      </Button>
    </Group>
  );
}
