import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';

/**
 * An editing page whose item could not be read: its heading, then the page's own words when the item is not
 * there (or may not be seen), else the problem with a way to try again; and the way back.
 */
export function ReadFailedPage({
  title,
  error,
  notFoundText,
  onRetry,
  back,
}: {
  title: ReactNode;
  error: unknown;
  notFoundText: ReactNode;
  onRetry(): void;
  back: ReactNode;
}) {
  const problem = toProblem(error);
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      {problem.kind === 'notFound' || problem.kind === 'forbidden' ? (
        <Text>{notFoundText}</Text>
      ) : (
        <ProblemAlert problem={problem} onRetry={onRetry} />
      )}
      <Group>{back}</Group>
    </Stack>
  );
}
