import { Box, Button, Group, Loader, Slider, Stack, Table, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@tend/auth';
import { ProblemAlert, toProblem, useSubmit } from '@tend/core';
import { useCompleteExercise, useLatestRelaxationLevels, type ExerciseOutcome } from '@tend/domain/activity';
import { formatDateTime } from '@tend/core/time';
import { useTranslation } from '@tend/i18n';
import { Completed } from './Completed.tsx';
import { SaveExercise } from './SaveExercise.tsx';

const IN_S = 4;
const OUT_S = 6;
const CYCLES = 6;
type Phase = 'before' | 'breathing' | 'after' | 'done';

/** Guided breathing: how relaxed before, breathe in 4 s and out 6 s (animated unless motion is reduced), how relaxed after. */
export function BreathingPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const [phase, setPhase] = useState<Phase>('before');
  const [before, setBefore] = useState(5);
  const [after, setAfter] = useState(5);
  const started = useRef(Date.now());
  const complete = useCompleteExercise(user?.uid);
  const [outcome, setOutcome] = useState<ExerciseOutcome | null>(null);
  const submit = useSubmit(
    () => {
      const durationSeconds = Math.round((Date.now() - started.current) / 1000);
      const record = {
        eventType: 'relaxation' as const,
        body: { exercise: 'breathing', levelBefore: before, levelAfter: after, durationSeconds },
      };
      return complete.mutateAsync({
        activityId: 'breathing',
        start: started.current,
        durationSeconds,
        record,
      });
    },
    { onSuccess: (o) => (setOutcome(o), setPhase('done')) },
  );

  const level = (value: number, set: (v: number) => void, id: string) => (
    <Stack gap={4} maw={480}>
      <Text id={id} fw={500}>
        {t('exercises.breathing.level', { value })}
      </Text>
      <Slider
        thumbProps={{ 'aria-labelledby': id }}
        min={0}
        max={10}
        step={1}
        value={value}
        onChange={set}
        marks={[
          { value: 0, label: t('exercises.breathing.tense') },
          { value: 10, label: t('exercises.breathing.relaxed') },
        ]}
        mb="lg"
      />
    </Stack>
  );
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('exercises.breathing.title')}</Title>
      {phase === 'before' ? (
        <>
          <Text>{t('exercises.breathing.intro')}</Text>
          {level(before, setBefore, 'level-before')}
          <Group>
            <Button onClick={() => ((started.current = Date.now()), setPhase('breathing'))}>
              {t('exercises.breathing.start')}
            </Button>
          </Group>
        </>
      ) : null}
      {phase === 'breathing' ? <Breathe onDone={() => setPhase('after')} /> : null}
      {phase === 'after' ? (
        <>
          <Text>{t('exercises.breathing.afterIntro')}</Text>
          {level(after, setAfter, 'level-after')}
          <SaveExercise submit={submit} label={t('exercises.breathing.save')} />
        </>
      ) : null}
      {phase === 'done' ? (
        <Completed outcome={outcome}>
          {outcome?.activity.queued ? t('ui.queued') : t('exercises.breathing.saved', { before, after })}
        </Completed>
      ) : null}
      <RelaxationTrend />
    </Stack>
  );
}

function Breathe({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('patient');
  const reduced = useReducedMotion();
  const [tick, setTick] = useState(0);
  const breathingIn = tick % 2 === 0;
  const cycle = Math.floor(tick / 2) + 1;
  useEffect(() => {
    if (cycle > CYCLES) {
      onDone();
      return;
    }
    const timer = window.setTimeout(() => setTick((n) => n + 1), (breathingIn ? IN_S : OUT_S) * 1000);
    return () => window.clearTimeout(timer);
  }, [tick, breathingIn, cycle, onDone]);
  return (
    <Stack gap="md" align="center">
      <Box
        aria-hidden="true"
        data-testid="breathing-circle"
        style={{
          width: 200,
          height: 200,
          borderRadius: '50%',
          background: 'var(--mantine-color-tend-light)',
          border: '4px solid var(--mantine-color-tend-6)',
          transform: reduced ? 'none' : `scale(${breathingIn ? 1 : 0.6})`,
          transition: reduced ? 'none' : `transform ${breathingIn ? IN_S : OUT_S}s ease-in-out`,
        }}
      />
      <Text size="xl" fw={600} aria-live="polite">
        {breathingIn ? t('exercises.breathing.in') : t('exercises.breathing.out')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('exercises.breathing.cycle', { cycle: Math.min(cycle, CYCLES), cycles: CYCLES })}
      </Text>
      <Button variant="default" onClick={onDone}>
        {t('exercises.breathing.finish')}
      </Button>
    </Stack>
  );
}

/** The latest relaxation levels, before → after, newest first. */
function RelaxationTrend() {
  const { t } = useTranslation('patient');
  const levels = useLatestRelaxationLevels(10);
  if (levels.isPending) return <Loader size="sm" role="progressbar" aria-label={t('ui.loading')} />;
  if (levels.error)
    return <ProblemAlert problem={toProblem(levels.error)} onRetry={() => void levels.refetch()} />;
  const items = levels.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Table striped withTableBorder>
      <Table.Caption>{t('exercises.breathing.trend')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('exercises.breathing.when')}</Table.Th>
          <Table.Th scope="col">{t('exercises.breathing.before')}</Table.Th>
          <Table.Th scope="col">{t('exercises.breathing.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((m) => (
          <Table.Tr key={m.momentId}>
            <Table.Th scope="row" fw="normal">
              {formatDateTime(m.start)}
            </Table.Th>
            <Table.Td>{m.body.levelBefore}</Table.Td>
            <Table.Td>{m.body.levelAfter}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
