import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { SurveyConfig, SurveySession } from '@tend/api/model';
import { useAuth } from '@tend/auth';
import { ProblemAlert, useSubmit } from '@tend/core';
import {
  responseData,
  surveyProblems,
  SurveyRenderer,
  useOfferedSurveys,
  useSubmitSurveyResponse,
  useSurveyDraft,
  type AnswerProblem,
} from '@tend/domain/surveys';
import { useTranslation } from '@tend/i18n';
import { PageLoader } from '@tend/ui';
import { paths } from '../../paths.ts';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';
import { LoadFailed } from '../../components/Loaded.tsx';

/** /surveys/:surveyId: one survey offered to the patient, every question on the page. */
export function AnswerSurveyPage() {
  const { t } = useTranslation('patient');
  const { surveyId = '' } = useParams();
  const { user } = useAuth();
  const offered = useOfferedSurveys();
  const back = (
    <Anchor component={Link} to={paths.surveys}>
      {t('surveys.form.back')}
    </Anchor>
  );
  if (offered.surveys === undefined && offered.error) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t('surveys.title')}</Title>
        <LoadFailed query={offered} failed={t('surveys.loadFailed')} />
        {back}
      </Stack>
    );
  }
  if (offered.surveys === undefined) return <PageLoader label={t('surveys.loading')} />;
  const session = offered.surveys.find((s) => s.surveyId === surveyId);
  if (!session) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{t('surveys.title')}</Title>
        <Text>{t('surveys.form.notFound')}</Text>
        {back}
      </Stack>
    );
  }
  return <SurveyForm key={session.surveyId} session={session} userId={user?.uid} back={back} />;
}

interface FormProps {
  session: SurveySession & { config: SurveyConfig };
  userId: string | undefined;
  back: ReactNode;
}

/**
 * The survey drawn by the same renderer as the onboarding and the admin's preview; answers kept on the device
 * until sent (useSurveyDraft, per survey id); problems shown under their questions before sending, the first
 * one focused; a failed send keeps every answer.
 */
function SurveyForm({ session, userId, back }: FormProps) {
  const { t } = useTranslation('patient');
  const survey = session.config;
  const draft = useSurveyDraft(userId, `survey-${session.surveyId}`, survey);
  const [problems, setProblems] = useState<Partial<Record<string, AnswerProblem>>>({});
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  const send = useSubmitSurveyResponse();
  const submit = useSubmit(send.mutateAsync, {
    onSuccess: () => {
      void draft.clear();
      setSent(true);
      requestAnimationFrame(() => sentRef.current?.focus());
    },
  });

  if (!draft.ready) return <PageLoader label={t('surveys.loading')} />;
  if (sent) {
    return (
      <Stack gap="md" maw={720}>
        <Title order={1}>{survey.title}</Title>
        <Alert color="tend" title={t('surveys.form.sent')} ref={sentRef} tabIndex={-1} role="status">
          {t('surveys.form.sentNote')}
        </Alert>
        {back}
      </Stack>
    );
  }

  const sendAnswers = () => {
    const found = surveyProblems(survey, draft.answers);
    setProblems(found);
    const first = survey.questions.find((q) => found[q.id]);
    if (first) {
      const field = document.getElementById(`survey-q-${first.id}`);
      (field?.matches('input, textarea')
        ? field
        : field?.querySelector<HTMLElement>('input, textarea')
      )?.focus();
      return;
    }
    void submit.submit({
      surveyId: session.surveyId,
      data: { responseData: responseData(survey, draft.answers) },
    });
  };

  const gone = submit.problem?.kind === 'notFound';
  return (
    <Stack gap="md" maw={720}>
      {back}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          sendAnswers();
        }}
      >
        <Stack gap="md">
          <SurveyRenderer
            survey={survey}
            answers={draft.answers}
            problems={problems}
            headingLevel={1}
            onChange={(id, value) => {
              draft.setAnswer(id, value);
              if (problems[id]) setProblems((p) => ({ ...p, [id]: undefined }));
            }}
          />
          <Text size="sm" c="dimmed">
            {t('surveys.form.keptNote')}
          </Text>
          {draft.resumed ? (
            <Alert color="tend" variant="light">
              {t('surveys.form.resumed')}
            </Alert>
          ) : null}
          {draft.unkept ? (
            <Alert color="yellow" variant="light">
              {t('surveys.form.unkept')}
            </Alert>
          ) : null}
          <ProblemAlert
            problem={submit.problem}
            message={
              gone
                ? t('surveys.form.gone')
                : submit.problem?.kind === 'invalid'
                  ? t('surveys.form.fixFirst')
                  : t('surveys.form.sendFailed')
            }
            onRetry={gone ? undefined : sendAnswers}
          />
          <SubmitButtons label={t('surveys.form.send')} pending={submit.pending} disabled={gone} />
        </Stack>
      </form>
    </Stack>
  );
}
