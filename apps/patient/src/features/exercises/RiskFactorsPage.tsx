import { Alert, Button, Checkbox, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '@tend/auth';
import { useSubmit } from '@tend/core';
import { useCompleteExercise, type ExerciseOutcome } from '@tend/domain/activity';
import { useWhoSees } from '@tend/domain/safety-net';
import { useLatestRiskFactor } from '@tend/domain/moments';
import { openCrisisPanel } from '@tend/domain/crisis';
import { useTranslation } from '@tend/i18n';
import { Completed } from './Completed.tsx';
import { LastResult } from './LastResult.tsx';
import { RISK_FACTORS, riskLevel, type RiskFactor } from './content.ts';
import { SaveExercise } from './SaveExercise.tsx';

/** A self-check of things that can make hard times harder; thoughts of self-harm open the crisis panel at once. */
export function RiskFactorsPage() {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const [factors, setFactors] = useState<RiskFactor[]>([]);
  const [notes, setNotes] = useState('');
  const [outcome, setOutcome] = useState<ExerciseOutcome | null>(null);
  const started = useRef(Date.now());
  const complete = useCompleteExercise(user?.uid);
  const latest = useLatestRiskFactor();
  const last = latest.data?.moment ?? null;
  const level = riskLevel(factors);
  const { who } = useWhoSees();
  const selfHarm = factors.includes('selfHarmThoughts');
  const urgent = factors.includes('selfHarmThoughts') || factors.includes('hopeless');
  const opened = useRef(false);
  useEffect(() => {
    if (urgent && !opened.current) {
      opened.current = true;
      openCrisisPanel('safety');
    }
  }, [urgent]);
  const submit = useSubmit(
    async () => {
      const end = Date.now();
      const body = {
        factors: factors.map((f) => t(`exercises.risk.factors.${f}`)),
        level,
        // The server raises the high-risk flag once for this check: the patient's therapists, or the duty team.
        selfHarmThoughts: selfHarm,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      };
      return complete.mutateAsync({
        activityId: 'risk-factors',
        start: started.current,
        durationSeconds: (end - started.current) / 1000,
        record: { eventType: 'risk-factor', body: body },
      });
    },
    { onSuccess: setOutcome },
  );
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('exercises.risk.title')}</Title>
      {outcome ? (
        <Completed outcome={outcome}>
          <Text>{t(`exercises.risk.levels.${level}`, { who })}</Text>
          {selfHarm ? <Text fw={600}>{t('exercises.risk.told', { who })}</Text> : null}
        </Completed>
      ) : (
        <>
          <LastResult query={latest} date={last?.start ?? null}>
            {last ? (
              <LastCheck factors={last.body.factors} level={last.body.level} notes={last.body.notes} />
            ) : null}
          </LastResult>
          <Text>{t('exercises.risk.intro', { who })}</Text>
          <Checkbox.Group
            label={t('exercises.risk.question')}
            value={factors}
            onChange={(v) => setFactors(v as RiskFactor[])}
          >
            <Stack gap="xs" mt="xs">
              {RISK_FACTORS.map((f) => (
                <Checkbox key={f} value={f} label={t(`exercises.risk.factors.${f}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          {urgent ? (
            <Alert color="red" variant="light">
              <Stack gap="xs">
                <Text size="sm">{t('exercises.risk.urgent')}</Text>
                {selfHarm ? <Text size="sm">{t('exercises.risk.willTell', { who })}</Text> : null}
                <Group>
                  <Button color="red" onClick={() => openCrisisPanel('safety')}>
                    {t('exercises.risk.help')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <Textarea
            label={t('exercises.risk.notes')}
            maxLength={2000}
            autosize
            minRows={2}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <SaveExercise submit={submit} label={t('exercises.risk.save')} />
        </>
      )}
    </Stack>
  );
}

/** The last self-check: its level, what was ticked (in the words of the day it was saved) and the note. */
function LastCheck({
  factors,
  level,
  notes,
}: {
  factors: string[];
  level: ReturnType<typeof riskLevel>;
  notes?: string;
}) {
  const { t } = useTranslation('patient');
  const { who } = useWhoSees();
  return (
    <>
      <Text>{t(`exercises.risk.levels.${level}`, { who })}</Text>
      {factors.length ? (
        <List size="sm" spacing={2}>
          {factors.map((f, i) => (
            <List.Item key={i}>{f}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">{t('exercises.risk.lastNone')}</Text>
      )}
      {notes ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {t('exercises.risk.lastNotes')} {notes}
        </Text>
      ) : null}
    </>
  );
}
