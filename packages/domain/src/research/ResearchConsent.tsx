import { Alert, Button, Card, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ResearchConsent } from '@tend/api/model';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { formatDate } from '@tend/core/time';
import { useAnswerResearchConsent, useResearchConsent } from './queries.ts';
import { useResearchWords } from './words.ts';

/** Who sees what, in plain words: the scores only, under a code or by name, and the study. */
function WhatIsShared({ consent }: { consent: ResearchConsent }) {
  const { td } = useResearchWords();
  return (
    <>
      <Text>{td('research.question.body')}</Text>
      <Text>
        {consent.anonymiseExports ? td('research.question.anonymous') : td('research.question.named')}
      </Text>
      {consent.studyId ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {td('research.question.study', { studyId: consent.studyId })}
        </Text>
      ) : null}
    </>
  );
}

/**
 * The research question, asked once (Today): shown while the patient's organisation runs research that needs
 * consent and they have not answered. After the answer it says thanks, and where to change it.
 */
export function ResearchConsentPrompt() {
  const { td } = useResearchWords();
  const consent = useResearchConsent();
  const answer = useAnswerResearchConsent();
  const [answered, setAnswered] = useState<boolean | null>(null);
  const submit = useSubmit((yes: boolean) => answer.mutateAsync({ data: { consented: yes } }), {
    onSuccess: (c) => setAnswered(c.consented === true),
  });
  if (answered !== null) {
    return (
      <Alert color="teal" variant="light" role="status">
        {answered ? td('research.question.thanksYes') : td('research.question.thanksNo')}
      </Alert>
    );
  }
  if (!consent.data?.ask) return null;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="research-question-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="research-question-title">
          {td('research.question.title')}
        </Title>
        <WhatIsShared consent={consent.data} />
        <Text size="sm">{td('research.question.change')}</Text>
        <ProblemAlert problem={submit.problem} />
        <Group>
          <Button
            onClick={() => void submit.submit(true)}
            loading={submit.pending && answer.variables?.data.consented === true}
          >
            {td('research.question.yes')}
          </Button>
          <Button
            variant="default"
            onClick={() => void submit.submit(false)}
            loading={submit.pending && answer.variables?.data.consented === false}
          >
            {td('research.question.no')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Account: the research answer, changeable at any time, and how long the organisation keeps moments. */
export function ResearchConsentSetting() {
  const { td } = useResearchWords();
  const consent = useResearchConsent();
  const answer = useAnswerResearchConsent();
  const submit = useSubmit((yes: boolean) => answer.mutateAsync({ data: { consented: yes } }));
  if (consent.isPending)
    return <Loader size="sm" role="progressbar" aria-label={td('research.setting.title')} />;
  if (consent.isError) {
    return (
      <ProblemAlert
        problem={toProblem(consent.error)}
        message={td('research.setting.loadFailed')}
        onRetry={() => void consent.refetch()}
      />
    );
  }
  const c = consent.data;
  const asks = c.researchEnabled && c.consentRequired;
  return (
    <Stack gap="sm">
      {asks ? (
        <>
          <WhatIsShared consent={c} />
          <Switch
            label={td('research.setting.label')}
            description={td('research.setting.help')}
            checked={
              answer.isPending && answer.variables ? answer.variables.data.consented : c.consented === true
            }
            disabled={submit.pending}
            onChange={(e) => void submit.submit(e.currentTarget.checked)}
          />
          <Text size="sm" role="status">
            {c.consented === null || c.answeredAt === null
              ? td('research.setting.unanswered')
              : c.consented
                ? td('research.setting.yes', { date: formatDate(c.answeredAt) })
                : td('research.setting.no', { date: formatDate(c.answeredAt) })}
          </Text>
          <ProblemAlert problem={submit.problem} onRetry={() => void submit.submit(c.consented !== true)} />
        </>
      ) : null}
      <Text size="sm">
        {c.dataRetentionDays === null
          ? td('research.retention.none')
          : td('research.retention.days', { days: c.dataRetentionDays })}
      </Text>
    </Stack>
  );
}
