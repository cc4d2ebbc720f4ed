import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Moment } from '@tend/api/model';
import { addMomentBody } from '@tend/api/zod';
import { useAuth } from '@tend/auth';
import { ProblemAlert, toProblem, useSubmit, variantSchema, formRules } from '@tend/core';
import { MomentDetail, newMomentId, usePatientMoment, useSaveMoment } from '@tend/domain/moments';
import { useTranslation } from '@tend/i18n';
import { NotFound } from '../../components/NotFound.tsx';
import { paths, to } from '../../paths.ts';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';

type Journal = Extract<Moment, { eventType: 'journal' }>;
const validate = formRules(variantSchema(addMomentBody, 'eventType', 'journal', 'body'));
const PROMPTS = ['grateful', 'onMind', 'wentWell', 'kind'] as const;

/** A new journal entry. Once saved, the entry opens, unless the person has already gone elsewhere meanwhile. */
export function NewJournalEntryPage() {
  const { t } = useTranslation('patient');
  const navigate = useNavigate();
  const here = useRef(true);
  useEffect(() => {
    here.current = true;
    return () => {
      here.current = false;
    };
  }, []);
  const onSaved = (id: string, queued: boolean) => {
    if (here.current) void navigate(queued ? paths.journal : to(paths.journalEntry, { momentId: id }));
  };
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{t('journal.new')}</Title>
      <JournalForm onSaved={onSaved} />
    </Stack>
  );
}

/** One entry: read it (plain text, never HTML), or edit it (same momentId: the entry is replaced). */
export function JournalEntryPage() {
  const { t } = useTranslation('patient');
  const { momentId = '' } = useParams();
  const { user } = useAuth();
  const query = usePatientMoment(user?.uid, momentId);
  const entry = query.data?.eventType === 'journal' ? (query.data as Journal) : undefined;
  const [editing, setEditing] = useState(false);

  if (!entry) {
    const problem = query.error ? toProblem(query.error) : undefined;
    if (problem && problem.status !== 404)
      return <ProblemAlert problem={problem} onRetry={() => void query.refetch()} />;
    if (query.isPending && !problem) return <Loader role="progressbar" aria-label={t('ui.loading')} />;
    return <NotFound title={t('journal.notFound')} back={t('journal.back')} to={paths.journal} />;
  }
  return (
    <Stack gap="md" maw={760}>
      <Anchor component={Link} to={paths.journal}>
        {t('journal.back')}
      </Anchor>
      {editing ? (
        <>
          <Title order={1}>{t('journal.edit')}</Title>
          <JournalForm entry={entry} onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
        </>
      ) : (
        <>
          <Title order={1}>{entry.body.title || t('journal.untitled')}</Title>
          <MomentDetail moment={entry} />
          <Group>
            <Button onClick={() => setEditing(true)}>{t('journal.edit')}</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function JournalForm({
  entry,
  onSaved,
  onCancel,
}: {
  entry?: Journal;
  onSaved(momentId: string, queued: boolean): void;
  onCancel?(): void;
}) {
  const { t } = useTranslation('patient');
  const { user } = useAuth();
  const momentId = useRef(entry?.momentId ?? newMomentId());
  const form = useForm({
    initialValues: {
      title: entry?.body.title ?? '',
      text: entry?.body.text ?? '',
      prompt: entry?.body.prompt ?? '',
    },
    validate: (v) => {
      const errors = validate(body(v)) as Record<string, string>;
      return v.text.trim() ? errors : { ...errors, text: t('journal.textRequired') };
    },
  });
  const save = useSaveMoment(user?.uid);
  const submit = useSubmit(save.mutateAsync, {
    form,
    onSuccess: (saved) => onSaved(momentId.current, saved.queued),
  });
  const onSubmit = form.onSubmit((v) => {
    const now = Date.now();
    void submit.submit({
      momentId: momentId.current,
      eventType: 'journal',
      start: entry?.start ?? now,
      end: now,
      body: body(v),
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Select
          label={t('journal.prompt')}
          placeholder={t('journal.noPrompt')}
          clearable
          data={PROMPTS.map((p) => ({ value: t(`journal.prompts.${p}`), label: t(`journal.prompts.${p}`) }))}
          {...form.getInputProps('prompt')}
          value={form.values.prompt || null}
          onChange={(v) => form.setFieldValue('prompt', v ?? '')}
        />
        <TextInput label={t('journal.entryTitle')} maxLength={200} {...form.getInputProps('title')} />
        <Textarea
          label={t('journal.text')}
          withAsterisk
          autosize
          minRows={8}
          maxLength={20000}
          {...form.getInputProps('text')}
        />
        <ProblemAlert problem={submit.problem} onRetry={() => void onSubmit()} />
        {submit.data?.queued ? (
          <Alert color="teal" role="status">
            {t('ui.queued')}
          </Alert>
        ) : null}
        <SubmitButtons
          label={t('journal.save')}
          pending={submit.pending}
          onCancel={onCancel}
          cancelLabel={t('journal.cancel')}
        />
        <Text size="xs" c="dimmed">
          {t('journal.private')}
        </Text>
      </Stack>
    </form>
  );
}

function body(v: { title: string; text: string; prompt: string }) {
  return {
    text: v.text,
    ...(v.title.trim() ? { title: v.title.trim() } : {}),
    ...(v.prompt ? { prompt: v.prompt } : {}),
  };
}
