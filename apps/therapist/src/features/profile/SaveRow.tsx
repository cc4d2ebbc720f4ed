import { Button, Group, Text } from '@mantine/core';
import { ProblemAlert, type Problem } from '@tend/core';
import { useTranslation } from '@tend/i18n';

/**
 * The end of a profile form: what went wrong with the last save, the save button, and "Saved." once the last
 * save succeeded and nothing has changed since (what is shown is what the server keeps).
 */
export function SaveRow({
  label,
  submit,
  changed,
  disabled,
  onClick,
}: {
  label: string;
  /** The form's save: its problem, whether it is under way, and whether the last one succeeded. */
  submit: { problem: Problem | null; pending: boolean; succeeded: boolean };
  /** What is shown differs from what was last saved. */
  changed: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  const { t } = useTranslation('therapist');
  const saved = submit.succeeded && !changed;
  return (
    <>
      <ProblemAlert problem={submit.problem} />
      <Group>
        <Button
          type={onClick ? 'button' : 'submit'}
          loading={submit.pending}
          disabled={disabled}
          onClick={onClick}
        >
          {label}
        </Button>
        {saved ? (
          <Text size="sm" c="teal.9" role="status">
            {t('profile.saved')}
          </Text>
        ) : null}
      </Group>
    </>
  );
}
