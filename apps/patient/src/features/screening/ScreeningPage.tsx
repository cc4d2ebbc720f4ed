import { Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ProblemAlert, toProblem } from '@tend/core';
import { useLatestScreening } from '@tend/domain/moments';
import { useWhoSees } from '@tend/domain/safety-net';
import { SCREENINGS, useScreeningWords } from '@tend/domain/screening';
import { formatDate } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';

/** PHQ-9 (mood) and GAD-7 (anxiety): what they are, the latest result of each, and a way to take them. */
export function ScreeningPage() {
  const { t } = useTranslation('patient');
  const { td } = useScreeningWords();
  const latest = useLatestScreening();
  const { who, response } = useWhoSees();
  return (
    <Stack gap="md" maw={820}>
      <Title order={1}>{t('screening.title')}</Title>
      <Text>
        {t('screening.intro', { who })}
        {response ? ` ${response}` : ''}
      </Text>
      {latest.isPending ? <Loader role="progressbar" aria-label={t('ui.loading')} /> : null}
      {latest.error ? (
        <ProblemAlert problem={toProblem(latest.error)} onRetry={() => void latest.refetch()} />
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['phq9', 'gad7'] as const).map((type) => {
          const m = latest.data?.[type];
          return (
            <Card withBorder radius="md" key={type}>
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {td(`screening.names.${type}`)}
                </Title>
                <Text size="sm">{td(`screening.about.${type}`)}</Text>
                <Text size="sm" fw={500}>
                  {m
                    ? t('screening.last', {
                        date: formatDate(m.start),
                        score: td('screening.score', { total: m.body.total, max: SCREENINGS[type].maxTotal }),
                        band: td(`screening.bands.${m.body.severity}`),
                      })
                    : t('screening.never')}
                </Text>
                <Button component={Link} to={`${paths.screening}/${type}`}>
                  {t(`screening.start.${type}`)}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
