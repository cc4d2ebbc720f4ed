import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ActivitySummary } from '@tend/domain/activity';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../paths.ts';

const EXERCISES = [
  ['breathing', paths.breathing],
  ['quiz', paths.quiz],
  ['resilience', paths.resilience],
  ['risk', paths.riskFactors],
  ['positive', paths.positiveReading],
] as const;

/** The exercises, with the streak, this week's count and totals. */
export function ExercisesPage() {
  const { t } = useTranslation('patient');
  return (
    <Stack gap="md">
      <Title order={1}>{t('exercises.title')}</Title>
      <Text maw={760}>{t('exercises.intro')}</Text>
      <ActivitySummary />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {EXERCISES.map(([key, path]) => (
          <Card key={key} withBorder radius="md">
            <Stack gap="xs" h="100%" justify="space-between">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t(`exercises.${key}.title`)}
                </Title>
                <Text size="sm">{t(`exercises.${key}.about`)}</Text>
              </Stack>
              <Button component={Link} to={path} variant="light">
                {t('exercises.open', { name: t(`exercises.${key}.title`) })}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
