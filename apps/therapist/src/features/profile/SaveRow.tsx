import { Button, Group, Text } from '@mantine/core';
import { ProblemAlert, type Problem } from '@tend/core';
import { useTranslation } from '@tend/i18n';

/**
 * The end of a profile form: what went wrong with the last save, the save button, and "Saved." once what is
 * shown is what the server keeps.
 */
export function SaveRow({
  label,
  submit,
  saved,
  disabled,
  onClick,
}: {
  label: string;
  /** The form's save: its problem, and whether it is under way. */
  submit: { problem: Problem | null; pending: boolean };
  saved: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  const { t } = useTranslation('therapist');
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
