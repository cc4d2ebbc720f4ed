import { Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Emotion, Moment } from '@tend/api/model';
import { SafeText } from '@tend/ui';
import { ProblemAlert, toProblem } from '@tend/core';
import { ScreeningBodyView } from '../screening/ScreeningBodyView.tsx';
import { formatDateTime } from '@tend/core/time';
import { fileSize } from './model.ts';
import { useDownloadMomentFile } from './queries.ts';
import type en from './locales/en.json';
import { useMomentWords } from './words.ts';

type FieldKey = keyof typeof en.fields;

function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  if (
    children === undefined ||
    children === null ||
    children === '' ||
    (Array.isArray(children) && children.length === 0)
  )
    return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** Everything a moment holds, readably (never JSON), for the patient and their therapist. */
export function MomentDetail({
  moment,
  timeZone,
  patientId,
}: {
  moment: Moment;
  timeZone?: string;
  patientId?: string;
}) {
  const { td } = useMomentWords();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          {td(`moments.types.${moment.eventType}`)}
        </Title>
        <Text size="sm" c="dimmed">
          {formatDateTime(moment.start, timeZone)}
        </Text>
      </Group>
      <Stack gap="sm" component="dl" m={0}>
        <MomentBody moment={moment} patientId={patientId ?? moment.patientId ?? ''} />
      </Stack>
    </Stack>
  );
}

function Text2({ children }: { children: string | undefined | null }) {
  return children ? <SafeText component="span">{children}</SafeText> : null;
}

function MomentBody({ moment, patientId }: { moment: Moment; patientId: string }) {
  const { td } = useMomentWords();
  const f = (key: FieldKey) => td(`moments.fields.${key}`);
  const scale = (value: number | undefined) =>
    value === undefined
      ? null
      : td('moments.values.scale', { label: td(`moments.scale.${value}` as 'moments.scale.1'), value });
  const emotions = (list: Emotion[] | undefined) =>
    list?.length
      ? list.map((e) => td('moments.values.emotion', { name: e.name, intensity: e.intensity })).join(', ')
      : null;
  const list = (items: readonly string[] | undefined) =>
    items?.length ? (
      <List size="sm" component="span" display="block">
        {items.map((item, i) => (
          <List.Item key={i}>
            <SafeText component="span">{item}</SafeText>
          </List.Item>
        ))}
      </List>
    ) : null;
  const yesNo = (v: boolean | undefined) =>
    v === undefined ? null : td(v ? 'moments.values.yes' : 'moments.values.no');
  const outOf = (value: number | undefined, max: number) =>
    value === undefined ? null : td('moments.values.outOf', { value, max });

  switch (moment.eventType) {
    case 'checkup': {
      const b = moment.body;
      return (
        <>
          <Field label={f('mood')}>{scale(b.mood)}</Field>
          <Field label={f('energy')}>{scale(b.energy)}</Field>
          <Field label={f('sleep')}>{scale(b.sleep)}</Field>
          <Field label={f('anxiety')}>{scale(b.anxiety)}</Field>
          <Field label={f('feelings')}>{b.feelings?.length ? b.feelings.join(', ') : null}</Field>
          <Field label={f('note')}>
            <Text2>{b.note}</Text2>
          </Field>
        </>
      );
    }
    case 'journal':
      return (
        <>
          <Field label={f('title')}>
            <Text2>{moment.body.title}</Text2>
          </Field>
          <Field label={f('prompt')}>
            <Text2>{moment.body.prompt}</Text2>
          </Field>
          <Field label={f('text')}>
            <Text2>{moment.body.text}</Text2>
          </Field>
        </>
      );
    case 'note':
      return (
        <>
          <Field label={f('text')}>
            <Text2>{moment.body.text}</Text2>
          </Field>
          <Field label={f('author')}>
            <Text2>{moment.body.authorName}</Text2>
          </Field>
          <Field label={f('visibleToPatient')}>{yesNo(moment.body.visibleToPatient)}</Field>
        </>
      );
    case 'file':
      return <FileBodyView moment={moment} patientId={patientId} />;
    case 'activity':
      return (
        <>
          <Field label={f('activity')}>{moment.body.activityId}</Field>
          <Field label={f('duration')}>
            {td('moments.values.minutes', { count: Math.round(moment.body.durationSeconds / 60) })}
          </Field>
        </>
      );
    case 'cbt-core-belief': {
      const b = moment.body;
      return (
        <>
          <Field label={f('belief')}>
            <Text2>{b.belief}</Text2>
          </Field>
          <Field label={f('strengthBefore')}>
            {b.strengthBefore === undefined
              ? null
              : td('moments.values.percent', { value: b.strengthBefore })}
          </Field>
          <Field label={f('evidenceFor')}>
            <Text2>{b.evidenceFor}</Text2>
          </Field>
          <Field label={f('evidenceAgainst')}>
            <Text2>{b.evidenceAgainst}</Text2>
          </Field>
          <Field label={f('newBelief')}>
            <Text2>{b.newBelief}</Text2>
          </Field>
          <Field label={f('strengthAfter')}>
            {b.strengthAfter === undefined ? null : td('moments.values.percent', { value: b.strengthAfter })}
          </Field>
        </>
      );
    }
    case 'cbt-being-objective':
      return (
        <>
          <Field label={f('situation')}>
            <Text2>{moment.body.situation}</Text2>
          </Field>
          <Field label={f('subjectiveView')}>
            <Text2>{moment.body.subjectiveView}</Text2>
          </Field>
          <Field label={f('objectiveView')}>
            <Text2>{moment.body.objectiveView}</Text2>
          </Field>
        </>
      );
    case 'cbt-automatic-thoughts': {
      const b = moment.body;
      return (
        <>
          <Field label={f('situation')}>
            <Text2>{b.situation}</Text2>
          </Field>
          <Field label={f('thoughts')}>{list(b.thoughts)}</Field>
          <Field label={f('emotions')}>{emotions(b.emotions)}</Field>
          <Field label={f('patterns')}>
            {b.distortions?.length ? b.distortions.map((p) => td(`moments.patterns.${p}`)).join(', ') : null}
          </Field>
        </>
      );
    }
    case 'cbt-hot-thought': {
      const b = moment.body;
      return (
        <>
          <Field label={f('situation')}>
            <Text2>{b.situation}</Text2>
          </Field>
          <Field label={f('hotThought')}>
            <Text2>{b.hotThought}</Text2>
          </Field>
          <Field label={f('emotionsBefore')}>{emotions(b.emotionsBefore)}</Field>
          <Field label={f('evidenceFor')}>
            <Text2>{b.evidenceFor}</Text2>
          </Field>
          <Field label={f('evidenceAgainst')}>
            <Text2>{b.evidenceAgainst}</Text2>
          </Field>
          <Field label={f('balancedThought')}>
            <Text2>{b.balancedThought}</Text2>
          </Field>
          <Field label={f('emotionsAfter')}>{emotions(b.emotionsAfter)}</Field>
        </>
      );
    }
    case 'cbt-evidence':
      return (
        <>
          <Field label={f('thought')}>
            <Text2>{moment.body.thought}</Text2>
          </Field>
          <Field label={f('evidenceFor')}>{list(moment.body.evidenceFor)}</Field>
          <Field label={f('evidenceAgainst')}>{list(moment.body.evidenceAgainst)}</Field>
          <Field label={f('conclusion')}>
            <Text2>{moment.body.conclusion}</Text2>
          </Field>
        </>
      );
    case 'cbt-unhealthy':
      return (
        <>
          <Field label={f('patterns')}>
            {list(moment.body.patterns.map((p) => td(`moments.patterns.${p}`)))}
          </Field>
          <Field label={f('situation')}>
            <Text2>{moment.body.situation}</Text2>
          </Field>
          <Field label={f('thought')}>
            <Text2>{moment.body.thought}</Text2>
          </Field>
          <Field label={f('reframe')}>
            <Text2>{moment.body.reframe}</Text2>
          </Field>
        </>
      );
    case 'cbt-screening':
      return (
        <>
          <Field label={f('score')}>{moment.body.score}</Field>
          <Field label={f('recommended')}>{yesNo(moment.body.recommended)}</Field>
        </>
      );
    case 'quiz':
      return (
        <>
          <Field label={f('title')}>
            <Text2>{moment.body.title}</Text2>
          </Field>
          <Field label={f('score')}>{outOf(moment.body.score, moment.body.maxScore)}</Field>
        </>
      );
    case 'phq9':
    case 'gad7':
      return (
        <ScreeningBodyView
          type={moment.eventType}
          items={moment.body.items}
          total={moment.body.total}
          severity={moment.body.severity}
        />
      );
    case 'relaxation':
      return (
        <>
          <Field label={f('exercise')}>
            <Text2>{moment.body.exercise}</Text2>
          </Field>
          <Field label={f('levels')}>
            {td('moments.values.beforeAfter', {
              before: moment.body.levelBefore,
              after: moment.body.levelAfter,
            })}
          </Field>
          <Field label={f('duration')}>
            {moment.body.durationSeconds === undefined
              ? null
              : td('moments.values.minutes', { count: Math.round(moment.body.durationSeconds / 60) })}
          </Field>
        </>
      );
    case 'positive-reading':
      return (
        <>
          <Field label={f('readings')}>{list(moment.body.readings.map((r) => r.text))}</Field>
          <Field label={f('feeling')}>{scale(moment.body.feeling)}</Field>
        </>
      );
    case 'risk-factor':
      return (
        <>
          <Field label={f('level')}>{td(`moments.levels.${moment.body.level}`)}</Field>
          <Field label={f('factors')}>{list(moment.body.factors)}</Field>
          <Field label={f('notes')}>
            <Text2>{moment.body.notes}</Text2>
          </Field>
        </>
      );
    case 'resilience':
      return (
        <>
          <Field label={f('score')}>{outOf(moment.body.score, moment.body.maxScore)}</Field>
          <Field label={f('band')}>
            {moment.body.band ? td(`moments.levels.${moment.body.band}`) : null}
          </Field>
        </>
      );
    default:
      return null;
  }
}

function FileBodyView({
  moment,
  patientId,
}: {
  moment: Extract<Moment, { eventType: 'file' }>;
  patientId: string;
}) {
  const { td } = useMomentWords();
  const download = useDownloadMomentFile(patientId);
  const size = moment.body.size === undefined ? null : fileSize(moment.body.size);
  return (
    <>
      <Field label={td('moments.fields.fileName')}>
        <Text2>{moment.body.fileName}</Text2>
      </Field>
      <Field label={td('moments.fields.caption')}>
        <Text2>{moment.body.caption}</Text2>
      </Field>
      <Field label={td('moments.fields.size')}>
        {size ? td(`moments.values.${size.unit}`, { value: size.value }) : null}
      </Field>
      <Group>
        <Button
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={() => download.mutate(moment)}
          loading={download.isPending}
        >
          {td('moments.file.download', { name: moment.body.fileName })}
        </Button>
      </Group>
      <ProblemAlert
        problem={download.error ? toProblem(download.error) : null}
        onRetry={() => download.mutate(moment)}
      />
    </>
  );
}
