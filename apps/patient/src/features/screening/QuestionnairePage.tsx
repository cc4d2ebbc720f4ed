import { Button, Group, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { useEffect, useReducer, useRef } from 'react';
import { useParams } from 'react-router';
import { useAuth } from '@tend/auth';
import { ProblemAlert, useSubmit } from '@tend/core';
import { markSafetyResultStored, openCrisisPanel } from '@tend/domain/crisis';
import { newMomentId } from '@tend/domain/moments';
import {
  ANSWER_KEYS,
  ANSWER_SCORES,
  DIFFICULTY_KEYS,
  SCREENINGS,
  questionnaireReducer,
  resultOf,
  startQuestionnaire,
  stepCount,
  useSaveScreening,
  useScreeningWords,
  type ScreeningResult,
  type ScreeningType,
} from '@tend/domain/screening';
import { useTranslation } from '@tend/i18n';
import { NotFound } from '../../components/NotFound.tsx';
import { paths } from '../../paths.ts';
import { ResultView } from './ResultView.tsx';

/**
 * PHQ-9 or GAD-7 with the published wording, one question a step; the result (total, band, what it means) once
 * every question is answered. PHQ-9 item 9 above 0 starts the safety flow as soon as it is answered: the crisis
 * panel opens and the result is stored at once, once (the server flags the patient high-risk for the care team,
 * or the duty team, even if the patient leaves now); tapping or changing item 9 again saves nothing more until
 * the patient asks for the result, which updates the same stored result.
 */
export function QuestionnairePage() {
  const { type: param } = useParams();
  const { t } = useTranslation('patient');
  if (param !== 'phq9' && param !== 'gad7') {
    return <NotFound title={t('screening.unknown')} back={t('screening.back')} to={paths.screening} />;
  }
  return <Questionnaire key={param} type={param} />;
}

function Questionnaire({ type }: { type: ScreeningType }) {
  const { t } = useTranslation('patient');
  const { td } = useScreeningWords();
  const { user } = useAuth();
  const [state, dispatch] = useReducer(questionnaireReducer, type, startQuestionnaire);
  const ids = useRef({ momentId: newMomentId(), start: Date.now() });
  /** The person asked for their result (the safety flow's early save is not the end). */
  const done = useRef(false);
  const save = useSaveScreening(user?.uid);
  const submit = useSubmit(save.mutateAsync, { onSuccess: () => state.safety && markSafetyResultStored() });
  // One momentId per questionnaire: the server keys the risk signal on it, so the early save, the submit,
  // retries and offline replays raise it once; an item 9 changed back to 0 is noted on it, not dropped.
  const saveResult = (result: ScreeningResult, final = true) =>
    submit.submit({ ...ids.current, type, result, final });
  const def = SCREENINGS[type];
  const steps = stepCount(type);
  const result = resultOf(state);

  // The safety flow: as soon as item 9 is answered above 0, the panel opens and the result is stored.
  const safetyStarted = useRef(false);
  useEffect(() => {
    if (!state.safety || safetyStarted.current) return;
    safetyStarted.current = true;
    openCrisisPanel('safety');
    const r = resultOf(state);
    if (r) void saveResult(r, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the safety flow starts
  }, [state.safety]);

  const finished = submit.succeeded && done.current && result !== null && submit.data !== undefined;
  if (finished && result)
    return (
      <ResultView type={type} result={result} queued={submit.data?.queued ?? false} safety={state.safety} />
    );

  const onQuestion = state.step < def.items;
  const answer = onQuestion ? state.answers[state.step] : state.difficulty;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{td(`screening.names.${type}`)}</Title>
      <Progress
        value={((state.step + 1) / steps) * 100}
        aria-label={t('screening.progress', { step: state.step + 1, steps })}
      />
      <Text size="sm" c="dimmed">
        {t('screening.progress', { step: state.step + 1, steps })}
      </Text>
      {onQuestion ? <Text fw={500}>{td(`screening.stem.${type}`)}</Text> : null}
      <Radio.Group
        key={state.step}
        label={
          onQuestion
            ? td(`screening.items.${type}.${state.step + 1}` as 'screening.items.phq9.1')
            : td('screening.difficulty.question')
        }
        description={onQuestion ? undefined : t('screening.difficultyOptional')}
        value={answer === null || answer === undefined ? null : String(answer)}
        onChange={(v) =>
          dispatch(
            onQuestion
              ? { type: 'answer', index: state.step, score: Number(v) }
              : { type: 'difficulty', score: Number(v) },
          )
        }
      >
        <Stack mt="sm" gap="sm">
          {onQuestion
            ? ANSWER_SCORES.map((s) => (
                <Radio
                  key={s}
                  value={String(s)}
                  label={`${td(`screening.answers.${type}.${ANSWER_KEYS[s]}`)} (${s})`}
                />
              ))
            : DIFFICULTY_KEYS.map((k, s) => (
                <Radio key={k} value={String(s)} label={td(`screening.difficulty.${k}`)} />
              ))}
        </Stack>
      </Radio.Group>
      <ProblemAlert problem={submit.problem} onRetry={() => result && void finish(result)} />
      <Group>
        <Button variant="default" onClick={() => dispatch({ type: 'back' })} disabled={state.step === 0}>
          {t('ui.back')}
        </Button>
        {onQuestion ? (
          <Button onClick={() => dispatch({ type: 'next' })} disabled={answer === null}>
            {t('ui.next')}
          </Button>
        ) : (
          <Button onClick={() => result && void finish(result)} disabled={!result} loading={submit.pending}>
            {t('screening.seeResult')}
          </Button>
        )}
      </Group>
      {onQuestion && answer === null ? (
        <Text size="sm" c="dimmed">
          {t('screening.chooseAnswer')}
        </Text>
      ) : null}
    </Stack>
  );

  async function finish(r: ScreeningResult) {
    done.current = true;
    await saveResult(r);
  }
}
