import { Card, Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled part of a page (a region named by its heading): the account, care team and my data pages. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A titled card (a region named by its heading `id`): Today's, the next appointment's and Progress's. */
export function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
