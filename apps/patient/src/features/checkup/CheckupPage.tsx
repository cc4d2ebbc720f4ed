import { Alert, Chip, Group, Loader, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo, useRef } from 'react';
import { addMomentBody } from '@tend/api/zod';
import { useAuth } from '@tend/auth';
import { ProblemAlert, toProblem, useSubmit, variantSchema, formRules } from '@tend/core';
import {
  newMomentId,
  useLatestCheckup,
  usePendingMoments,
  useSaveMoment,
  type OwnMoment,
} from '@tend/domain/moments';
import { sameDay } from '@tend/core/time';
import { useWhoSees } from '@tend/domain/safety-net';
import { useTranslation } from '@tend/i18n';
import { MoodScale } from './MoodScale.tsx';
import { NextSteps } from '../../components/NextSteps.tsx';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';

const SCALE = ['1', '2', '3', '4', '5'] as const;
const FEELINGS = [
  'calm',
  'hopeful',
  'content',
  'grateful',
  'focused',
  'tired',
  'anxious',
  'low',
  'irritable',
  'overwhelmed',
  'lonely',
  'stressed',
] as const;
const validate = formRules(variantSchema(addMomentBody, 'eventType', 'checkup', 'body'));

interface Values {
  mood: string;
  energy: string;
  sleep: string;
  anxiety: string;
  feelings: string[];
  note: string;
}
const EMPTY: Values = { mood: '', energy: '', sleep: '', anxiety: '', feelings: [], note: '' };
const num = (v: string) => (v ? Number(v) : undefined);

/** The daily check-up: a short, calm form. Today's entry is loaded and edited (same momentId), never duplicated. */
export function CheckupPage() {
  const { t } = useTranslation('patient');
  const { who } = useWhoSees();
  const { user } = useAuth();
  const latest = useLatestCheckup();
  const pending = usePendingMoments(user?.uid);
  const today = useMemo(() => {
    const queued = pending.find(
      (p) => p.moment.eventType === 'checkup' && sameDay(p.moment.start, Date.now()),
    )?.moment;
    const stored = latest.data?.moment;
    if (queued) return queued as Extract<OwnMoment, { eventType: 'checkup' }>;
    return stored && stored.eventType === 'checkup' && sameDay(stored.start, Date.now()) ? stored : null;
  }, [pending, latest.data]);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: (values) => {
      const errors = validate(toBody(values)) as Record<string, string>;
      return values.mood ? errors : { ...errors, mood: t('checkup.moodRequired') };
    },
  });
  const momentId = useRef<string | null>(null);
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!today || loadedFor.current === today.momentId || form.isDirty()) return;
    loadedFor.current = today.momentId;
    momentId.current = today.momentId;
    const b = today.body;
    const values = {
      mood: String(b.mood),
      energy: b.energy ? String(b.energy) : '',
      sleep: b.sleep ? String(b.sleep) : '',
      anxiety: b.anxiety ? String(b.anxiety) : '',
      feelings: b.feelings ?? [],
      note: b.note ?? '',
    };
    form.setValues(values);
    form.resetDirty(values);
  }, [today, form]);
  const save = useSaveMoment(user?.uid);
  const submit = useSubmit(save.mutateAsync, { form });

  const onSubmit = form.onSubmit(async (values) => {
    const id = (momentId.current ??= today?.momentId ?? newMomentId());
    const now = Date.now();
    const start = today?.start ?? now;
    const result = await submit.submit({
      momentId: id,
      eventType: 'checkup',
      start,
      end: now,
      body: toBody(values),
    });
    if (result.ok) form.resetDirty(values);
  });

  if (latest.isPending && !today) return <Loader role="progressbar" aria-label={t('ui.loading')} />;
  const scale = (field: 'mood' | 'energy' | 'sleep' | 'anxiety', required = false) => (
    <Radio.Group label={t(`checkup.fields.${field}`)} withAsterisk={required} {...form.getInputProps(field)}>
      <Group mt="xs" gap="md">
        {SCALE.map((v) => (
          <Radio
            key={v}
            value={v}
            label={t(field === 'anxiety' ? `checkup.anxiety.${v}` : `checkup.mood.${v}`)}
          />
        ))}
      </Group>
    </Radio.Group>
  );
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>{t('checkup.title')}</Title>
      <Text>{today ? t('checkup.editing') : t('checkup.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('checkup.whoSees', { who })}
      </Text>
      {latest.error && !today ? (
        <ProblemAlert
          problem={toProblem(latest.error)}
          title={t('checkup.loadFailed')}
          onRetry={() => void latest.refetch()}
        />
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <MoodScale withAsterisk {...form.getInputProps('mood')} />
          {scale('energy')}
          {scale('sleep')}
          {scale('anxiety')}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="feelings-label">
              {t('checkup.fields.feelings')}
            </Text>
            <Chip.Group
              multiple
              value={form.values.feelings}
              onChange={(v) => form.setFieldValue('feelings', v)}
            >
              <Group gap="xs" role="group" aria-labelledby="feelings-label">
                {FEELINGS.map((f) => (
                  <Chip key={f} value={f}>
                    {t(`checkup.feelings.${f}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Textarea
            label={t('checkup.fields.note')}
            description={t('checkup.noteHint')}
            autosize
            minRows={3}
            maxLength={2000}
            {...form.getInputProps('note')}
          />
          <ProblemAlert problem={submit.problem} onRetry={() => void onSubmit()} />
          {submit.succeeded && !form.isDirty() ? (
            <>
              <Alert color="teal" role="status">
                {submit.data?.queued ? t('ui.queued') : t('checkup.saved')}
              </Alert>
              <NextSteps recorded={{ kind: 'checkup', ...toBody(form.values) }} />
            </>
          ) : null}
          <SubmitButtons label={today ? t('checkup.update') : t('checkup.save')} pending={submit.pending} />
        </Stack>
      </form>
    </Stack>
  );
}

function toBody(v: Values) {
  const note = v.note.trim();
  return {
    mood: num(v.mood) ?? 0,
    ...(v.energy ? { energy: num(v.energy) } : {}),
    ...(v.sleep ? { sleep: num(v.sleep) } : {}),
    ...(v.anxiety ? { anxiety: num(v.anxiety) } : {}),
    ...(v.feelings.length ? { feelings: v.feelings } : {}),
    ...(note ? { note } : {}),
  };
}
