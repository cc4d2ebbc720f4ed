import { Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useAuth } from '@tend/auth';
import { useSubmit } from '@tend/core';
import { useCompleteExercise, type ExerciseOutcome } from '@tend/domain/activity';
import { useLatestResilience } from '@tend/domain/moments';
import { useTranslation } from '@tend/i18n';
import { Completed } from './Completed.tsx';
import { LastResult } from './LastResult.tsx';
import { RESILIENCE_ITEMS, scoreResilience } from './content.ts';
import { SaveExercise } from './SaveExercise.tsx';

/** The resilience questionnaire: ten statements, a score out of 40 and its band, with what it means. */
export function ResiliencePage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const [answers, setAnswers] = useState<Array<number | null>>(
    Array.from({ length: RESILIENCE_ITEMS }, () => null),
  );
  const [outcome, setOutcome] = useState<ExerciseOutcome | null>(null);
  const started = useRef(Date.now());
  const complete = useCompleteExercise(user?.uid);
  const latest = useLatestResilience();
  const last = latest.data?.moment ?? null;
  const complete_ = answers.every((a) => a !== null);
  const result = complete_ ? scoreResilience(answers as number[]) : null;
  const submit = useSubmit(
    async () => {
      const end = Date.now();
      return complete.mutateAsync({
        activityId: 'resilience',
        start: started.current,
        durationSeconds: (end - started.current) / 1000,
        record: { eventType: 'resilience', body: { ...result!, answers: answers as number[] } },
      });
    },
    { onSuccess: setOutcome },
  );
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('exercises.resilience.title')}</Title>
      {outcome && result ? (
        <Completed outcome={outcome}>
          <Text>{t('exercises.resilience.score', { score: result.score, max: result.maxScore })}</Text>
          <Text>{t(`exercises.resilience.bands.${result.band}`)}</Text>
        </Completed>
      ) : (
        <>
          <LastResult query={latest} date={last?.start ?? null}>
            {last ? (
              <Text>
                {t('exercises.resilience.score', { score: last.body.score, max: last.body.maxScore })}
              </Text>
            ) : null}
            {last?.body.band ? (
              <Text size="sm">{t(`exercises.resilience.bands.${last.body.band}`)}</Text>
            ) : null}
          </LastResult>
          <Text>{t('exercises.resilience.intro')}</Text>
          {answers.map((a, i) => (
            <Radio.Group
              key={i}
              label={t(`exercises.resilience.items.${(i + 1) as 1}`)}
              withAsterisk
              value={a === null ? null : String(a)}
              onChange={(v) => setAnswers(answers.map((x, j) => (j === i ? Number(v) : x)))}
            >
              <Group gap="md" mt={4}>
                {[0, 1, 2, 3, 4].map((s) => (
                  <Radio key={s} value={String(s)} label={t(`exercises.resilience.scale.${s as 0}`)} />
                ))}
              </Group>
            </Radio.Group>
          ))}
          <SaveExercise submit={submit} label={t('exercises.resilience.see')} disabled={!complete_} />
        </>
      )}
    </Stack>
  );
}
