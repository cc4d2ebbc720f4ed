import { Badge, VisuallyHidden, type MantineColor } from '@mantine/core';

export interface NavCountBadgeProps {
  /** Nothing is shown for 0 or while the count is unknown. */
  count: number | undefined;
  color: MantineColor;
  /** What the count means, in words, read after the number as part of the link's name ("2 open"). */
  label: (count: number) => string;
  testId?: string;
}

/** A count beside a navigation entry (open alerts, unseen changes): the number, and its meaning for screen readers. */
export function NavCountBadge({ count, color, label, testId }: NavCountBadgeProps) {
  if (!count) return null;
  return (
    <Badge color={color} variant="filled" size="sm" data-testid={testId}>
      {count}
      <VisuallyHidden>{` ${label(count)}`}</VisuallyHidden>
    </Badge>
  );
}
