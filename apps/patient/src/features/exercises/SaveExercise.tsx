import { Button, Group } from '@mantine/core';
import { ProblemAlert, type Submit } from '@tend/core';

/** An exercise's last step: the Save button (`label`), and above it the problem of a failed save with a retry. */
export function SaveExercise({
  submit,
  label,
  disabled,
}: {
  submit: Pick<Submit<unknown, void>, 'submit' | 'pending' | 'problem'>;
  label: string;
  disabled?: boolean;
}) {
  return (
    <>
      <ProblemAlert problem={submit.problem} onRetry={() => void submit.submit()} />
      <Group>
        <Button onClick={() => void submit.submit()} disabled={disabled} loading={submit.pending}>
          {label}
        </Button>
      </Group>
    </>
  );
}
