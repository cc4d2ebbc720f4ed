import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Under a setting drawn by its own field (crisis lines, logo): what the form's check said of it, if anything. */
export function FieldError({ error }: { error: ReactNode }) {
  return error ? (
    <Text size="sm" c="red.8">
      {error}
    </Text>
  ) : null;
}
