import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { openCrisisPanel } from '@tend/domain/crisis';
import { useWhoSees } from '@tend/domain/safety-net';
import {
  SCREENINGS,
  useScreeningWords,
  type ScreeningResult,
  type ScreeningType,
} from '@tend/domain/screening';
import { useTranslation } from '@tend/i18n';
import { NextSteps } from '../../components/NextSteps.tsx';
import { paths } from '../../paths.ts';
import { resultWording } from './resultWording.ts';

/**
 * The result of a PHQ-9 or GAD-7: total, band, what it means, who sees it (the therapists by name, or the
 * organisation's duty team). With item 9 above 0 the safety message comes first and the words never reassure.
 */
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
  const { who, response, dutyNote } = useWhoSees();
  const wording = resultWording(result.severity, safety);
  const sharedWith = queued ? null : (
    <Text size="sm" data-testid="result-shared">
      {t(safety ? 'screening.safetyShared' : 'screening.shared', { who })}
      {response ? ` ${response}` : ''}
    </Text>
  );
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('screening.resultTitle', { name: td(`screening.names.${type}`) })}</Title>
      {wording.safetyFirst ? (
        <Alert color="red" variant="light" title={t('screening.safetyTitle')} data-testid="safety-message">
          <Stack gap="xs">
            <Text size="sm">{t('screening.safetyReminder')}</Text>
            {sharedWith}
            {dutyNote && !queued ? <Text size="sm">{dutyNote}</Text> : null}
            <Group>
              <Button color="red" onClick={() => openCrisisPanel('safety')}>
                {t('screening.openHelp')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Alert
        color={wording.safetyFirst ? 'gray' : 'tend'}
        variant="light"
        role="status"
        title={wording.safetyFirst ? t('screening.scoreHeading') : undefined}
      >
        <Text fw={600} size="lg">
          {td('screening.score', { total: result.total, max: SCREENINGS[type].maxTotal })}:{' '}
          {td(`screening.bands.${result.severity}`)}
        </Text>
        <Text size="sm">
          {td(`screening.bandRanges.${type}.${result.severity}` as 'screening.bandRanges.phq9.mild')}
        </Text>
      </Alert>
      <Text>{t(wording.explainKey, { who })}</Text>
      <Text size="sm">{t('screening.notAdiagnosis')}</Text>
      {queued ? <Text size="sm">{t('ui.queued')}</Text> : wording.safetyFirst ? null : sharedWith}
      {!wording.safetyFirst && dutyNote && !queued ? <Text size="sm">{dutyNote}</Text> : null}
      <NextSteps
        recorded={
          type === 'phq9'
            ? { kind: 'phq9', severity: result.severity, item9: safety ? 1 : 0 }
            : { kind: 'gad7', severity: result.severity }
        }
      />
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
