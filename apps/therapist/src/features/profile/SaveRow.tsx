import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from '@tend/i18n';

/** A profile form's save button, and "Saved." once what is shown is what the server keeps. */
export function SaveRow({
  label,
  pending,
  saved,
  disabled,
  onClick,
}: {
  label: string;
  pending: boolean;
  saved: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  const { t } = useTranslation('therapist');
  return (
    <Group>
      <Button type={onClick ? 'button' : 'submit'} loading={pending} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
      {saved ? (
        <Text size="sm" c="teal.9" role="status">
          {t('profile.saved')}
        </Text>
      ) : null}
    </Group>
  );
}
