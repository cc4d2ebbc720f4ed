import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { RewardNote, type ExerciseOutcome } from '@tend/domain/activity';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';

/** What an exercise's end says: saved (or waiting to sync) and what it earned. */
export function Completed({
  outcome,
  children,
}: {
  outcome: ExerciseOutcome | null;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('patient');
  return (
    <Stack gap="sm">
      <Alert color="tend" role="status" title={t('exercises.done')}>
        {children}
        {outcome ? <RewardNote reward={outcome.reward} /> : null}
      </Alert>
      <Group>
        <Button component={Link} to={paths.exercises}>
          {t('exercises.backToAll')}
        </Button>
      </Group>
    </Stack>
  );
}
