import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading (the one first-level heading) and, under it, what the page is for. */
export function PageTitle({ title, intro }: { title: ReactNode; intro: ReactNode }) {
  return (
    <Stack gap={2}>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{intro}</Text>
    </Stack>
  );
}
