import { Alert, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ProblemAlert, useSubmit } from '@tend/core';
import {
  CONTACT_SECTIONS,
  doubtfulNumbers,
  SECTIONS,
  toLines,
  toText,
  useReadStoredPlan,
  useSafetyPlan,
  savePlanRequest,
  useSaveSafetyPlan,
  type SafetyPlan,
  type Section,
  type StoredPlan,
} from '@tend/domain/safety-plan';
import { useTranslation } from '@tend/i18n';
import { ConflictView } from './ConflictView.tsx';
import { LetSomeoneKnow } from './LetSomeoneKnow.tsx';
import { ReachSomeone } from './ReachSomeone.tsx';
import { SharingSection } from './SharingSection.tsx';
import { Loaded } from '../../components/Loaded.tsx';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';

type Values = Record<Section, string>;
const toValues = (plan: SafetyPlan): Values =>
  Object.fromEntries(SECTIONS.map((s) => [s, toText(plan.sections[s])])) as Values;
const toPlan = (values: Values): SafetyPlan => ({
  sections: Object.fromEntries(SECTIONS.map((s) => [s, toLines(values[s])])) as Record<Section, string[]>,
});

/** /safety-plan: the plan's sections, saved only over the version they were edited from; both kept on a conflict. */
export function SafetyPlanPage() {
  const { t } = useTranslation('patient');
  const stored = useSafetyPlan();
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{t('safety-plan.title')}</Title>
      <Text>{t('safety-plan.intro')}</Text>
      <Loaded query={stored} failed={t('safety-plan.loadFailed')}>
        {(current) => (
          <>
            <ReachSomeone plan={current.plan} />
            <PlanForm initial={current} />
            <SharingSection />
            <LetSomeoneKnow plan={current.plan} />
          </>
        )}
      </Loaded>
    </Stack>
  );
}

function PlanForm({ initial }: { initial: StoredPlan }) {
  const { t } = useTranslation('patient');
  const [base, setBase] = useState(initial.timestamp);
  const [conflict, setConflict] = useState<StoredPlan | null>(null);
  const form = useForm<Values>({
    initialValues: toValues(initial.plan),
    // A number with a digit missing or too many is asked about before saving: in a crisis it has to dial.
    validate: Object.fromEntries(
      CONTACT_SECTIONS.map((s) => [
        s,
        (text: string) => {
          const doubtful = doubtfulNumbers(text);
          return doubtful.length > 0
            ? t('safety-plan.doubtfulNumber', { number: doubtful[0], count: doubtful.length })
            : null;
        },
      ]),
    ),
  });
  const save = useSaveSafetyPlan();
  const readStored = useReadStoredPlan();
  const submit = useSubmit(
    async ({ plan, base }: { plan: SafetyPlan; base: number }): Promise<StoredPlan> => ({
      plan,
      timestamp: Number(await save.mutateAsync(savePlanRequest(plan, base))),
    }),
    {
      onSuccess: (saved) => {
        setBase(saved.timestamp);
        setConflict(null);
        form.setValues(toValues(saved.plan));
        form.resetDirty(toValues(saved.plan));
      },
      onProblem: (problem) => {
        // Saved meanwhile elsewhere: nothing was overwritten; show both versions.
        if (problem.code === 'stale_timestamp') void readStored().then(setConflict);
      },
    },
  );
  // A later read of the same version (another tab's save in this browser) moves the base only while untouched.
  useEffect(() => {
    if (!form.isDirty() && initial.timestamp !== base && !conflict) {
      setBase(initial.timestamp);
      form.setValues(toValues(initial.plan));
      form.resetDirty(toValues(initial.plan));
    }
  }, [initial, base, conflict, form]);

  const onSubmit = form.onSubmit((v) => void submit.submit({ plan: toPlan(v), base }));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {SECTIONS.map((s) => (
          <Textarea
            key={s}
            label={t(`safety-plan.sections.${s}.label`)}
            description={t(`safety-plan.sections.${s}.hint`)}
            autosize
            minRows={2}
            maxLength={4000}
            {...form.getInputProps(s)}
          />
        ))}
        {conflict ? (
          <ConflictView
            saved={conflict.plan}
            mine={toPlan(form.getValues())}
            busy={submit.pending}
            onSave={(plan) => void submit.submit({ plan, base: conflict.timestamp })}
            onUseSaved={() => {
              setBase(conflict.timestamp);
              form.setValues(toValues(conflict.plan));
              form.resetDirty(toValues(conflict.plan));
              setConflict(null);
              submit.reset();
            }}
          />
        ) : (
          <ProblemAlert problem={submit.problem} onRetry={() => void onSubmit()} />
        )}
        {submit.succeeded && !form.isDirty() ? (
          <Alert color="teal" role="status" variant="light">
            {t('safety-plan.saved')}
          </Alert>
        ) : form.isDirty() ? (
          <Text size="sm" c="dimmed">
            {t('safety-plan.unsaved')}
          </Text>
        ) : null}
        <SubmitButtons label={t('safety-plan.save')} pending={submit.pending} disabled={conflict !== null} />
      </Stack>
    </form>
  );
}
