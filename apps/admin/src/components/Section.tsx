import { Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SectionProps {
  /** The heading's id (the section is named by it). */
  titleId: string;
  title: ReactNode;
  /** What the section is for, under the heading. */
  intro?: ReactNode;
  gap?: MantineSpacing;
  children?: ReactNode;
}

/** A part of a page: a `<section>` named by its second-level heading, with what it is for under it. */
export function Section({ titleId, title, intro, gap = 'sm', children }: SectionProps) {
  return (
    <Stack gap={gap} component="section" aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId}>
        {title}
      </Title>
      {intro ? <Text size="sm">{intro}</Text> : null}
      {children}
    </Stack>
  );
}

/**
 * The heading of a part drawn in a frame of its own (a form, a card): its second-level heading (`titleId` names
 * the part) with what the part is for under it, dimmed, a line each; a line left out (null) is not shown.
 */
export function SectionHeading({
  titleId,
  title,
  lines,
}: {
  titleId: string;
  title: ReactNode;
  lines: ReactNode[];
}) {
  return (
    <Stack gap={2}>
      <Title order={2} size="h3" id={titleId}>
        {title}
      </Title>
      {lines.map((line, index) =>
        line ? (
          <Text key={index} size="sm" c="dimmed">
            {line}
          </Text>
        ) : null,
      )}
    </Stack>
  );
}
