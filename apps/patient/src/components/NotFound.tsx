import { Anchor, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';

/** What a page shows for an address naming nothing there (an unknown tool, entry …): a heading and the way back. */
export function NotFound({ title, back, to }: { title: string; back: string; to: string }) {
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Anchor component={Link} to={to}>
        {back}
      </Anchor>
    </Stack>
  );
}
