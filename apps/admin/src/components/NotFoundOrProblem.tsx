import { Alert, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProblemAlert, type Problem } from '@tend/core';

/**
 * What a look-up's failure says: nothing found is an answer in the page's own words (its title and text, in
 * `color`), any other problem is ProblemAlert's.
 */
export function NotFoundOrProblem({
  problem,
  color,
  title,
  children,
}: {
  problem: Problem | null | undefined;
  color: MantineColor;
  title: ReactNode;
  children: ReactNode;
}) {
  return problem?.kind === 'notFound' ? (
    <Alert color={color} role="alert" title={title}>
      {children}
    </Alert>
  ) : (
    <ProblemAlert problem={problem} />
  );
}
