import { Button, Group, Stack, Text, Title, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ProblemAlert, type Problem } from '@tend/core';
import { DoneAlert } from '../../components/DoneAlert.tsx';

/**
 * One thing the administrator can do with a found user's data (export it, clone the user): a section named by
 * its heading, what it does, what went wrong (try again), what it did, and its button.
 */
export function UserAction<T>({
  titleId,
  title,
  intro,
  submit,
  done,
  label,
  icon: ActionIcon,
  variant,
}: {
  titleId: string;
  title: ReactNode;
  intro: ReactNode;
  /** The action (it asks for the password again first). */
  submit: {
    submit(values: undefined): unknown;
    pending: boolean;
    problem: Problem | null;
    succeeded: boolean;
    data: T | undefined;
  };
  /** What the action did, in words, from its answer: shown once it has (role=status); nothing before. */
  done(data: T): ReactNode;
  label: ReactNode;
  icon: Icon;
  variant?: ButtonProps['variant'];
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {title}
      </Title>
      <Text size="sm">{intro}</Text>
      <ProblemAlert problem={submit.problem} onRetry={() => void submit.submit(undefined)} />
      <DoneAlert>{submit.succeeded && submit.data ? done(submit.data) : null}</DoneAlert>
      <Group>
        <Button
          variant={variant}
          loading={submit.pending}
          onClick={() => void submit.submit(undefined)}
          leftSection={<ActionIcon size={16} aria-hidden="true" />}
        >
          {label}
        </Button>
      </Group>
    </Stack>
  );
}
