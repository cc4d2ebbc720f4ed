import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

interface OpenCardProps {
  title: string;
  /** A sentence on what it is. */
  about: string;
  /** Where the button leads, and its words ("Open …"). */
  to: string;
  openLabel: string;
}

/**
 * One card of a page that lists things to open (the CBT tools, the exercises): its name, what it is, and a
 * button to open it, kept at the foot of the card so a row of cards lines up.
 */
export function OpenCard({ title, about, to, openLabel }: OpenCardProps) {
  return (
    <Card withBorder radius="md">
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Text size="sm">{about}</Text>
        </Stack>
        <Button component={Link} to={to} variant="light">
          {openLabel}
        </Button>
      </Stack>
    </Card>
  );
}
