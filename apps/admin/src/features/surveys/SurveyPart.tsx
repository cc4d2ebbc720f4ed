import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One part of a survey's page below its questions: a section named by its heading, what it does, then its own. */
export function SurveyPart({
  titleId,
  title,
  intro,
  children,
}: {
  titleId: string;
  title: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={titleId}>
      <Title order={2} id={titleId}>
        {title}
      </Title>
      <Text size="sm" maw={760}>
        {intro}
      </Text>
      {children}
    </Stack>
  );
}
