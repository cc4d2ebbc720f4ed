import { Alert, Anchor, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '@tend/auth';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { RewardNote, useCompleteExercise } from '@tend/domain/activity';
import {
  MomentDetail,
  newMomentId,
  useLatestCbtEntry,
  useSaveMoment,
  type CbtMoment,
  type OwnMoment,
} from '@tend/domain/moments';
import { useWhoSees } from '@tend/domain/safety-net';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { NotFound } from '../../components/NotFound.tsx';
import { paths } from '../../paths.ts';
import { StepFields } from './StepFields.tsx';
import { toolBySlug, type CbtTool } from './tools.ts';
import { canSave, emptyValues, fromBody, isDraft, resumeStep, toBody, type Values } from './values.ts';

/** One CBT exercise: what it is, the unfinished or last entry, and the guided steps. */
export function CbtToolPage() {
  const { t } = useTranslation('patient');
  const tool = toolBySlug(useParams().tool);
  if (!tool) {
    return <NotFound title={t('cbt.unknown')} back={t('cbt.back')} to={paths.cbt} />;
  }
  return <Tool key={tool.slug} tool={tool} />;
}

interface Session {
  momentId: string;
  start: number;
  step: number;
  values: Values;
}

function Tool({ tool }: { tool: CbtTool }) {
  const { t } = useTranslation('patient');
  const latest = useLatestCbtEntry(tool.type);
  const [session, setSession] = useState<Session | null>(null);
  const name = t(`cbt.tools.${tool.slug as 'thought-record'}.name`);
  const startNew = () =>
    setSession({ momentId: newMomentId(), start: Date.now(), step: 0, values: emptyValues(tool) });
  const resume = (m: CbtMoment) => {
    const values = fromBody(tool, m.body as Record<string, unknown>);
    setSession({ momentId: m.momentId, start: m.start, step: resumeStep(tool, values), values });
  };
  const entry = latest.moment;
  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={paths.cbt}>
        {t('cbt.back')}
      </Anchor>
      <Title order={1}>{name}</Title>
      {session ? (
        <Steps tool={tool} session={session} setSession={setSession} onDone={() => setSession(null)} />
      ) : (
        <>
          <Text>{t(`cbt.tools.${tool.slug as 'thought-record'}.about`)}</Text>
          {latest.isPending ? <Loader size="sm" role="progressbar" aria-label={t('ui.loading')} /> : null}
          {latest.error ? (
            <ProblemAlert
              problem={toProblem(latest.error)}
              title={t('cbt.latestFailed')}
              onRetry={() => void latest.refetch()}
            />
          ) : null}
          {entry && isDraft(entry.body as Record<string, unknown>) ? (
            <Card withBorder radius="md">
              <Stack gap="xs">
                <Text fw={600}>{t('cbt.unfinished', { date: formatDateTime(entry.start) })}</Text>
                <Group>
                  <Button onClick={() => resume(entry)}>{t('cbt.continue')}</Button>
                  <Button variant="default" onClick={startNew}>
                    {t('cbt.startNew')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ) : (
            <Group>
              <Button onClick={startNew}>{t('cbt.start')}</Button>
            </Group>
          )}
          {entry && !isDraft(entry.body as Record<string, unknown>) ? (
            <Card withBorder radius="md" component="section" aria-label={t('cbt.lastEntry')}>
              <Text size="sm" c="dimmed" mb="xs">
                {t('cbt.lastEntry')}
              </Text>
              <MomentDetail moment={entry} />
            </Card>
          ) : null}
        </>
      )}
    </Stack>
  );
}

function Steps({
  tool,
  session,
  setSession,
  onDone,
}: {
  tool: CbtTool;
  session: Session;
  setSession(s: Session): void;
  onDone(): void;
}) {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const save = useSaveMoment(user?.uid);
  const submit = useSubmit(save.mutateAsync);
  const complete = useCompleteExercise(user?.uid);
  // Counting the exercise as done is its own call after the entry is saved: its failure is said on the
  // finished view (the entry is saved either way), with Try again.
  const completion = useSubmit(complete.mutateAsync);
  const [finished, setFinished] = useState(false);
  const [tried, setTried] = useState(false);
  // Who the patient can talk the suitability result through with: their therapists, or the duty team.
  const { who } = useWhoSees(tool.type === 'cbt-screening');
  const reward = useRef<Awaited<ReturnType<typeof complete.mutateAsync>> | null>(null);
  const exercise = useRef<Parameters<typeof complete.mutateAsync>[0] | null>(null);
  const countAsDone = async () => {
    if (!exercise.current) return;
    const r = await completion.submit(exercise.current);
    reward.current = r.ok ? r.data : null;
  };
  const step = tool.steps[session.step]!;
  const last = session.step === tool.steps.length - 1;
  const set = (name: string, value: Values[string]) =>
    setSession({ ...session, values: { ...session.values, [name]: value } });
  const stepKey = `cbt.tools.${tool.slug as 'thought-record'}.steps.${step.id as 'situation'}`;
  const store = (completed: boolean) =>
    submit.submit({
      momentId: session.momentId,
      eventType: tool.type,
      start: session.start,
      end: Date.now(),
      body: toBody(tool, session.values, completed),
    } as OwnMoment);
  const requiredHere = step.fields.every(
    (f) => !f.required || canSave({ ...tool, steps: [{ id: step.id, fields: [f] }] }, session.values),
  );

  const next = async () => {
    setTried(true);
    if (!requiredHere) return;
    // Saved as a draft as soon as the contract's required fields are there: leave now and continue later.
    if (canSave(tool, session.values)) {
      const r = await store(false);
      if (!r.ok) return;
    }
    setTried(false);
    setSession({ ...session, step: session.step + 1 });
  };
  const finish = async () => {
    setTried(true);
    if (!canSave(tool, session.values)) return;
    const r = await store(true);
    if (!r.ok) return;
    exercise.current = {
      activityId: 'cbt',
      start: session.start,
      durationSeconds: (Date.now() - session.start) / 1000,
    };
    await countAsDone();
    setFinished(true);
  };

  if (finished) {
    return (
      <Stack gap="sm">
        <Alert color="tend" role="status" title={t('cbt.done')}>
          {submit.data?.queued ? t('ui.queued') : t('cbt.doneText')}
          {reward.current ? <RewardNote reward={reward.current.reward} /> : null}
        </Alert>
        <ProblemAlert
          problem={completion.problem}
          title={t('cbt.countFailed')}
          onRetry={() => void countAsDone()}
        />
        {tool.type === 'cbt-screening' ? (
          <Text>
            {t(
              toBody(tool, session.values, true).recommended
                ? 'cbt.suitability.likely'
                : 'cbt.suitability.maybe',
              { who },
            )}
          </Text>
        ) : null}
        <Group>
          <Button onClick={onDone}>{t('cbt.finishClose')}</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Progress
        value={((session.step + 1) / tool.steps.length) * 100}
        aria-label={t('cbt.stepOf', { step: session.step + 1, steps: tool.steps.length })}
      />
      <Text size="sm" c="dimmed">
        {t('cbt.stepOf', { step: session.step + 1, steps: tool.steps.length })}
      </Text>
      <Title order={2} size="h3">
        {t(`${stepKey}.title` as 'cbt.tools.thought-record.steps.situation.title')}
      </Title>
      <Text>{t(`${stepKey}.hint` as 'cbt.tools.thought-record.steps.situation.hint')}</Text>
      <StepFields fields={step.fields} values={session.values} set={set} />
      {tried && !requiredHere ? (
        <Text c="red.8" size="sm" role="alert">
          {t('cbt.required')}
        </Text>
      ) : null}
      <ProblemAlert problem={submit.problem} onRetry={() => void (last ? finish() : next())} />
      {submit.data?.queued && !last ? <Text size="sm">{t('ui.queued')}</Text> : null}
      <Group>
        <Button
          variant="default"
          disabled={session.step === 0}
          onClick={() => setSession({ ...session, step: session.step - 1 })}
        >
          {t('ui.back')}
        </Button>
        {last ? (
          <Button onClick={() => void finish()} loading={submit.pending || completion.pending}>
            {t('cbt.finish')}
          </Button>
        ) : (
          <Button onClick={() => void next()} loading={submit.pending}>
            {t('cbt.saveNext')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('cbt.resumeHint')}
      </Text>
    </Stack>
  );
}
