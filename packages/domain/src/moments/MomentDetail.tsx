import { Group, Stack, Text, Title } from '@mantine/core';
import type { Moment } from '@tend/api/model';
import { ScreeningBodyView } from '../screening/ScreeningBodyView.tsx';
import { formatDateTime } from '@tend/core/time';
import { CbtBodyView } from './detail/CbtBodyView.tsx';
import { Field, TextField, TextFields, useMomentFormat } from './detail/fields.tsx';
import { FileBodyView } from './detail/FileBodyView.tsx';
import { useMomentWords } from './words.ts';
import { activityName, durationWords } from './activity-words.ts';

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

/** The fields of one moment, by its type (the CBT tools' in CbtBodyView, a file's in FileBodyView). */
function MomentBody({ moment, patientId }: { moment: Moment; patientId: string }) {
  const { td, f, scale, list, yesNo, outOf } = useMomentFormat();

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
          <TextField label={f('note')} text={b.note} />
        </>
      );
    }
    case 'journal':
      return <TextFields body={moment.body} keys={['title', 'prompt', 'text']} />;
    case 'note':
      return (
        <>
          <TextField label={f('text')} text={moment.body.text} />
          <TextField label={f('author')} text={moment.body.authorName} />
          <Field label={f('visibleToPatient')}>{yesNo(moment.body.visibleToPatient)}</Field>
        </>
      );
    case 'file':
      return <FileBodyView moment={moment} patientId={patientId} />;
    case 'activity':
      return (
        <>
          <Field label={f('activity')}>{activityName(td, moment.body.activityId)}</Field>
          <Field label={f('duration')}>
            {durationWords(td, moment.body.durationSeconds) ?? td('moments.values.notTimed')}
          </Field>
        </>
      );
    case 'cbt-core-belief':
    case 'cbt-being-objective':
    case 'cbt-automatic-thoughts':
    case 'cbt-hot-thought':
    case 'cbt-evidence':
    case 'cbt-unhealthy':
    case 'cbt-screening':
      return <CbtBodyView moment={moment} />;
    case 'quiz':
      return (
        <>
          <TextField label={f('title')} text={moment.body.title} />
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
          <TextField label={f('exercise')} text={moment.body.exercise} />
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
          <TextField label={f('notes')} text={moment.body.notes} />
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
