import { Stack, Text, Title } from '@mantine/core';

/** The top of a page: its heading, and the sentence under it that says what the page is for. */
export function PageIntro({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap="xs">
      <Title order={1}>{title}</Title>
      <Text>{intro}</Text>
    </Stack>
  );
}
