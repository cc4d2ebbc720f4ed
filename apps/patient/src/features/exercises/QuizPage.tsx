import { Radio, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useAuth } from '@tend/auth';
import { useSubmit } from '@tend/core';
import { useCompleteExercise, type ExerciseOutcome } from '@tend/domain/activity';
import { useLatestQuizResults } from '@tend/domain/moments';
import { useTranslation } from '@tend/i18n';
import { Completed } from './Completed.tsx';
import { SaveExercise } from './SaveExercise.tsx';
import { LastResult } from './LastResult.tsx';
import { ANXIETY_QUIZ, scoreQuiz } from './content.ts';

type Q = 'q1' | 'q2' | 'q3' | 'q4' | 'q5';

/** The "Understanding anxiety" quiz: five questions, scored, with what each right answer means. */
export function QuizPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const [answers, setAnswers] = useState<Array<number | null>>(ANXIETY_QUIZ.questions.map(() => null));
  const [outcome, setOutcome] = useState<ExerciseOutcome | null>(null);
  const started = useRef(Date.now());
  const complete = useCompleteExercise(user?.uid);
  const latest = useLatestQuizResults();
  const last = latest.data?.items.find((m) => m.body.quizId === ANXIETY_QUIZ.id) ?? null;
  const result = scoreQuiz(answers);
  const submit = useSubmit(
    () =>
      complete.mutateAsync({
        activityId: 'quiz',
        start: started.current,
        durationSeconds: (Date.now() - started.current) / 1000,
        record: {
          eventType: 'quiz',
          body: {
            quizId: ANXIETY_QUIZ.id,
            title: t('exercises.quiz.title'),
            score: result.score,
            maxScore: result.maxScore,
            answers: ANXIETY_QUIZ.questions.map((q, i) => ({
              questionId: q.id,
              answer: t(`exercises.quiz.questions.${q.id as Q}.choices.${answers[i] as 0}`),
              correct: result.correct[i],
            })),
          },
        },
      }),
    { onSuccess: setOutcome },
  );
  if (outcome) {
    return (
      <Stack gap="md" maw={760}>
        <Title order={1}>{t('exercises.quiz.title')}</Title>
        <Completed outcome={outcome}>
          {t('exercises.quiz.score', { score: result.score, max: result.maxScore })}
        </Completed>
        {ANXIETY_QUIZ.questions.map((q, i) => (
          <Text key={q.id} size="sm">
            {result.correct[i] ? '✓ ' : ''}
            {t(`exercises.quiz.questions.${q.id as Q}.explain`)}
          </Text>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('exercises.quiz.title')}</Title>
      <LastResult query={latest} date={last?.start ?? null}>
        {last ? (
          <Text>{t('exercises.quiz.lastScore', { score: last.body.score, max: last.body.maxScore })}</Text>
        ) : null}
      </LastResult>
      <Text>{t('exercises.quiz.intro')}</Text>
      {ANXIETY_QUIZ.questions.map((q, i) => (
        <Radio.Group
          key={q.id}
          label={t(`exercises.quiz.questions.${q.id as Q}.text`)}
          withAsterisk
          value={answers[i] === null ? null : String(answers[i])}
          onChange={(v) => setAnswers(answers.map((a, j) => (j === i ? Number(v) : a)))}
        >
          <Stack gap="xs" mt="xs">
            {Array.from({ length: q.choices }, (_, c) => (
              <Radio
                key={c}
                value={String(c)}
                label={t(`exercises.quiz.questions.${q.id as Q}.choices.${c as 0}`)}
              />
            ))}
          </Stack>
        </Radio.Group>
      ))}
      <SaveExercise
        submit={submit}
        label={t('exercises.quiz.check')}
        disabled={answers.some((a) => a === null)}
      />
    </Stack>
  );
}
