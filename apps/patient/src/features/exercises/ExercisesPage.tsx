import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ActivitySummary } from '@tend/domain/activity';
import { useTranslation } from '@tend/i18n';
import { OpenCard } from '../../components/OpenCard.tsx';
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
          <OpenCard
            key={key}
            title={t(`exercises.${key}.title`)}
            about={t(`exercises.${key}.about`)}
            to={path}
            openLabel={t('exercises.open', { name: t(`exercises.${key}.title`) })}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
