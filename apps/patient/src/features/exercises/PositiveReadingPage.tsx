import { Blockquote, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useAuth } from '@tend/auth';
import { useSubmit } from '@tend/core';
import { useCompleteExercise, type ExerciseOutcome } from '@tend/domain/activity';
import { useLatestPositiveReading } from '@tend/domain/moments';
import { useTranslation } from '@tend/i18n';
import { Completed } from './Completed.tsx';
import { LastResult } from './LastResult.tsx';
import { READINGS } from './content.ts';
import { SaveExercise } from './SaveExercise.tsx';

/** Positive reading: a few affirmations read slowly, then how it felt. */
export function PositiveReadingPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const [feeling, setFeeling] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ExerciseOutcome | null>(null);
  const started = useRef(Date.now());
  const complete = useCompleteExercise(user?.uid);
  const latest = useLatestPositiveReading();
  const last = latest.data?.moment ?? null;
  const submit = useSubmit(
    async () => {
      const end = Date.now();
      const readings = READINGS.map((id) => ({
        readingId: id,
        text: t(`exercises.positive.readings.${id}`),
      }));
      return complete.mutateAsync({
        activityId: 'positive-reading',
        start: started.current,
        durationSeconds: (end - started.current) / 1000,
        record: {
          eventType: 'positive-reading',
          body: { readings, ...(feeling ? { feeling: Number(feeling) } : {}) },
        },
      });
    },
    { onSuccess: setOutcome },
  );
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('exercises.positive.title')}</Title>
      {outcome ? (
        <Completed outcome={outcome}>
          <Text>{t('exercises.positive.thanks')}</Text>
        </Completed>
      ) : (
        <>
          <LastResult query={latest} date={last?.start ?? null}>
            <Text>
              {last?.body.feeling
                ? t('exercises.positive.lastFeeling', {
                    feeling: t(`exercises.positive.scale.${String(last.body.feeling) as '1'}`),
                  })
                : t('exercises.positive.lastNoFeeling')}
            </Text>
          </LastResult>
          <Text>{t('exercises.positive.intro')}</Text>
          {READINGS.map((id) => (
            <Blockquote key={id} color="tend" p="md">
              {t(`exercises.positive.readings.${id}`)}
            </Blockquote>
          ))}
          <Radio.Group label={t('exercises.positive.feeling')} value={feeling} onChange={setFeeling}>
            <Group gap="md" mt={4}>
              {['1', '2', '3', '4', '5'].map((v) => (
                <Radio key={v} value={v} label={t(`exercises.positive.scale.${v as '1'}`)} />
              ))}
            </Group>
          </Radio.Group>
          <SaveExercise submit={submit} label={t('exercises.positive.save')} />
        </>
      )}
    </Stack>
  );
}
