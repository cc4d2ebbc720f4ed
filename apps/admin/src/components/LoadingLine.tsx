import { Group, Loader, Text } from '@mantine/core';

/**
 * What is loading, in words beside a small spinner (role=status). `more`: the row at the end of a list while
 * its next page is read (a smaller spinner, padded like a row).
 */
export function LoadingLine({ label, more = false }: { label: string; more?: boolean }) {
  return (
    <Group gap="xs" p={more ? 'sm' : undefined} role="status">
      <Loader size={more ? 'xs' : 'sm'} aria-hidden="true" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}
