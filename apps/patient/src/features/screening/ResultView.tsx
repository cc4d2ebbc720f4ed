import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { openCrisisPanel } from '@tend/domain/crisis';
import {
  SCREENINGS,
  useScreeningWords,
  type ScreeningResult,
  type ScreeningType,
} from '@tend/domain/screening';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';

/** The result of a PHQ-9 or GAD-7: total, band, what it means, who sees it; the safety message when item 9 was above 0. */
export function ResultView({
  type,
  result,
  queued,
  safety,
}: {
  type: ScreeningType;
  result: ScreeningResult;
  queued: boolean;
  safety: boolean;
}) {
  const { t } = useTranslation('patient');
  const { td } = useScreeningWords();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('screening.resultTitle', { name: td(`screening.names.${type}`) })}</Title>
      <Alert color="tend" variant="light" role="status">
        <Text fw={600} size="lg">
          {td('screening.score', { total: result.total, max: SCREENINGS[type].maxTotal })}:{' '}
          {td(`screening.bands.${result.severity}`)}
        </Text>
        <Text size="sm">
          {td(`screening.bandRanges.${type}.${result.severity}` as 'screening.bandRanges.phq9.mild')}
        </Text>
      </Alert>
      <Text>{t(`screening.explain.${result.severity}`)}</Text>
      <Text size="sm">{t('screening.notAdiagnosis')}</Text>
      <Text size="sm">{queued ? t('ui.queued') : t('screening.shared')}</Text>
      {safety ? (
        <Alert color="red" variant="light">
          <Stack gap="xs">
            <Text size="sm">{t('screening.safetyReminder')}</Text>
            <Group>
              <Button color="red" onClick={() => openCrisisPanel('safety')}>
                {t('screening.openHelp')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Group>
        <Button component={Link} to={paths.progress} variant="light">
          {t('screening.seeProgress')}
        </Button>
        <Button component={Link} to={paths.screening} variant="default">
          {t('screening.back')}
        </Button>
      </Group>
    </Stack>
  );
}
