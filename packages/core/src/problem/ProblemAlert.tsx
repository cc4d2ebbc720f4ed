import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useProblemMessage, useUntil, type ShownProblem } from './useProblemMessage.ts';
import { useProblemWords } from './words.ts';

export interface ProblemAlertProps {
  /** A Problem (toProblem), or a package's own wording of one; nothing is shown without one. */
  problem: ShownProblem | null | undefined;
  /** Heading; default "That did not work". */
  title?: ReactNode;
  /**
   * A screen's own words for this case, in place of the problem's message; the attempts left and when to try
   * again still follow.
   */
  message?: ReactNode;
  /** Shows "Try again" while the problem is retryable (disabled until retryAt has passed). */
  onRetry?: () => void;
  /** The retry button's words, when "Try again" is not the right ones (e.g. "Load again"). */
  retryLabel?: ReactNode;
  /** More content under the message (links, actions). */
  children?: ReactNode;
  id?: string;
}

/** The alert's "Try again" (or the screen's own words for it), in the alert's colour. */
function RetryButton(props: { color: string; onRetry: () => void; label: ReactNode; disabled?: boolean }) {
  const { tc } = useProblemWords();
  return (
    <Group>
      <Button
        size="xs"
        variant="light"
        color={props.color}
        onClick={props.onRetry}
        disabled={props.disabled ?? false}
      >
        {props.label ?? tc('problem.tryAgain')}
      </Button>
    </Group>
  );
}

/** A problem as a screen shows it: announced (role=alert), translated, with what the person can do next. */
export function ProblemAlert({
  problem,
  title,
  message,
  onRetry,
  retryLabel,
  children,
  id,
}: ProblemAlertProps) {
  const { tc } = useProblemWords();
  const describe = useProblemMessage();
  const waiting = useUntil(problem?.retryAt);
  if (!problem || problem.kind === 'cancelled') return null;
  // Offline is a state, not a failure: a calm note (a status, not an alert); what was loaded stays on screen
  // and the queries fetch again by themselves when the connection returns (@tend/api's query client). Try
  // again is still offered where the screen has one (what is not a query, or a query that is not stale).
  if (problem.kind === 'offline')
    return (
      <Alert
        color="gray"
        role="status"
        id={id}
        title={tc('problem.offlineTitle')}
        icon={<IconWifiOff aria-hidden="true" />}
      >
        <Stack gap="xs">
          <Text size="sm">{describe(problem)}</Text>
          {children}
          {onRetry ? <RetryButton color="gray" onRetry={onRetry} label={retryLabel} /> : null}
        </Stack>
      </Alert>
    );
  return (
    <Alert
      color="red"
      role="alert"
      id={id}
      title={title ?? tc('problem.title')}
      icon={<IconAlertTriangle aria-hidden="true" />}
    >
      <Stack gap="xs">
        <Text size="sm">
          {typeof message === 'string' || message === undefined ? (
            describe(problem, message)
          ) : (
            <>
              {message} {describe(problem, '')}
            </>
          )}
        </Text>
        {children}
        {onRetry && problem.retryable ? (
          <RetryButton color="red" onRetry={onRetry} label={retryLabel} disabled={waiting} />
        ) : null}
      </Stack>
    </Alert>
  );
}
