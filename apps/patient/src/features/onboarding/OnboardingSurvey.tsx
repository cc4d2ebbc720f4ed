import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SurveyConfig, SurveySession } from '@tend/api/model';
import { ProblemAlert, useSubmit, type Problem } from '@tend/core';
import {
  answerProblem,
  canSkipQuestion,
  canSkipRest,
  canSkipSurvey,
  firstProblemStep,
  isBlank,
  responseData,
  surveyProblems,
  SurveyRenderer,
  usePendingOnboarding,
  useSubmitOnboardingResponse,
  useSurveyDraft,
  type AnswerProblem,
  type SurveyAnswers,
} from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { paths } from '../../paths.ts';

interface Props {
  session: SurveySession & { config: SurveyConfig };
  userId: string | undefined;
}

/**
 * The survey one question a step, drawn from its config (SurveyRenderer). Every answer is kept on the device
 * as it is given (useSurveyDraft), so leaving and coming back carries on at the same question. An optional
 * question can be skipped; once nothing required is left, the rest can be; a survey with no required
 * question can be skipped whole (sent with no answers: the server records it as done). Once stored, the
 * draft is forgotten and the tour follows.
 */
export function OnboardingSurvey({ session, userId }: Props) {
  const { t } = useTranslation('patient');
  const navigate = useNavigate();
  const survey = session.config;
  const draft = useSurveyDraft(userId, session.urlSuffix, survey);
  const [problems, setProblems] = useState<Partial<Record<string, AnswerProblem>>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const questionRef = useRef<HTMLDivElement>(null);
  /** The person has moved between questions here (the resumed note gives way; the focus follows the step). */
  const [moved, setMoved] = useState(false);
  const sessions = usePendingOnboarding(false);
  const send = useSubmitOnboardingResponse();
  const submit = useSubmit(send.mutateAsync, {
    onSuccess: () => {
      void draft.clear();
      void navigate(paths.welcomeTour, { replace: true });
    },
    onProblem: (problem) => {
      const field = Object.keys(problem.fields ?? {}).find((id) => survey.questions.some((q) => q.id === id));
      if (field) go(survey.questions.findIndex((q) => q.id === field));
    },
  });

  // The step's heading takes the focus when the step changes (not on arrival), so the new question is read out.
  useEffect(() => {
    if (moved) headingRef.current?.focus();
  }, [draft.step, moved]);

  if (!draft.ready) return <PageLoader label={t('onboarding.loading')} />;
  const steps = survey.questions.length;
  const step = draft.step;
  const question = survey.questions[step]!;
  const answer = draft.answers[question.id];
  const last = step === steps - 1;

  function go(next: number) {
    setMoved(true);
    draft.setStep(next);
  }

  function focusQuestion() {
    questionRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
  }

  function sendAnswers(answers: SurveyAnswers) {
    const all = surveyProblems(survey, answers);
    if (Object.keys(all).length > 0) {
      setProblems(all);
      const at = firstProblemStep(survey, answers);
      if (at === step) focusQuestion();
      else go(at);
      return;
    }
    void submit.submit({
      urlSuffix: session.urlSuffix,
      data: { responseData: responseData(survey, answers) },
    });
  }

  function next() {
    const problem = answerProblem(question, answer);
    if (problem) {
      setProblems((p) => ({ ...p, [question.id]: problem }));
      focusQuestion();
      return;
    }
    if (last) sendAnswers(draft.answers);
    else go(step + 1);
  }

  function skip() {
    draft.setAnswer(question.id, undefined);
    setProblems((p) => ({ ...p, [question.id]: undefined }));
    const rest = { ...draft.answers };
    delete rest[question.id];
    if (last) sendAnswers(rest);
    else go(step + 1);
  }

  const gone = submit.problem?.kind === 'notFound';
  return (
    <Stack gap="md" maw={720}>
      <Stack gap="xs">
        <Title order={1}>{survey.title}</Title>
        {survey.description ? (
          <Text style={{ whiteSpace: 'pre-line' }}>{survey.description}</Text>
        ) : (
          <Text>{t('onboarding.intro')}</Text>
        )}
        <Text size="sm" c="dimmed">
          {t('onboarding.keptNote')} {t('onboarding.restOpens')}
        </Text>
      </Stack>
      {draft.resumed && !moved ? (
        <Alert color="tend" variant="light" role="status">
          {t('onboarding.resumed')}
        </Alert>
      ) : null}
      {draft.unkept ? (
        <Alert color="yellow" variant="light">
          {t('onboarding.unkept')}
        </Alert>
      ) : null}
      <Stack gap={4}>
        <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>
          {t('onboarding.progress', { step: step + 1, steps })}
        </Title>
        <Progress value={((step + 1) / steps) * 100} aria-hidden="true" />
      </Stack>
      <div ref={questionRef}>
        <SurveyRenderer
          survey={survey}
          only={[question.id]}
          answers={draft.answers}
          problems={problems}
          onChange={(id, value) => {
            draft.setAnswer(id, value);
            if (problems[id]) setProblems((p) => ({ ...p, [id]: undefined }));
          }}
        />
      </div>
      {gone ? (
        <GoneAlert
          problem={submit.problem}
          onContinue={() => void sessions.refetch().then(() => navigate(paths.today, { replace: true }))}
        />
      ) : (
        <ProblemAlert
          problem={submit.problem}
          message={submit.problem?.kind === 'invalid' ? t('onboarding.fixFirst') : t('onboarding.sendFailed')}
          onRetry={() => sendAnswers(draft.answers)}
        />
      )}
      <Group>
        <Button variant="default" onClick={() => go(step - 1)} disabled={step === 0 || submit.pending}>
          {t('ui.back')}
        </Button>
        <Button onClick={next} loading={submit.pending} disabled={gone}>
          {last ? t('onboarding.send') : t('ui.next')}
        </Button>
        {canSkipQuestion(question) && isBlank(answer) ? (
          <Button variant="subtle" onClick={skip} disabled={submit.pending || gone}>
            {t('onboarding.skipQuestion')}
          </Button>
        ) : null}
      </Group>
      <Group>
        {canSkipSurvey(survey) && Object.keys(responseData(survey, draft.answers)).length === 0 ? (
          <Button variant="subtle" onClick={() => sendAnswers({})} disabled={submit.pending || gone}>
            {t('onboarding.skipSurvey')}
          </Button>
        ) : canSkipRest(survey, draft.answers, step) ? (
          <Button
            variant="subtle"
            onClick={() => sendAnswers(draft.answers)}
            disabled={submit.pending || gone}
          >
            {t('onboarding.skipRest')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

function GoneAlert({ problem, onContinue }: { problem: Problem | null; onContinue: () => void }) {
  const { t } = useTranslation('patient');
  return (
    <ProblemAlert problem={problem} message={t('onboarding.gone')}>
      <Group>
        <Button onClick={onContinue}>{t('onboarding.continue')}</Button>
      </Group>
    </ProblemAlert>
  );
}
