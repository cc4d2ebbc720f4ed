import { Alert, Anchor, Button, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { StaffPatient, TherapistLoad } from '@tend/api/model';
import { reassignPatientBodyReasonMax } from '@tend/api/zod';
import { ProblemAlert, useSubmit, type Problem } from '@tend/core';
import { useReassignPatient } from '@tend/domain/intake';
import { useTranslation } from '@tend/i18n';
import { SafeText } from '@tend/ui';
import { paths, to } from '../../paths.ts';

interface Values {
  patientId: string;
  therapistId: string;
  reason: string;
}

const EMPTY: Values = { patientId: '', therapistId: '', reason: '' };
const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

interface Props {
  organisationId: string;
  /** The therapist the patient leaves, by name. */
  previousName: string;
  /** The patients whose care they lead. */
  patients: StaffPatient[];
  /** The therapists who may take over, the most room first. */
  targets: TherapistLoad[];
  /** The patient's care changed meanwhile: the lists are read again. */
  onChanged(): void;
}

/** Patient, new therapist (with their load) and a required reason; then a confirmation; then who is told. */
export function MovePatientForm({ organisationId, previousName, patients, targets, onChanged }: Props) {
  const { t } = useTranslation('admin');
  const reassign = useReassignPatient(organisationId);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [done, setDone] = useState<{ patient: string; therapist: string } | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  // Focus follows the step: to the confirmation when it opens, back to the form's button when it closes.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
    else if (wasConfirming.current) submitButton.current?.focus();
    wasConfirming.current = confirming !== null;
  }, [confirming]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      patientId: (v) => (v ? null : t('staff.move.patientRequired')),
      therapistId: (v) => (v ? null : t('staff.move.therapistRequired')),
      reason: (v) => (v.trim() ? null : t('staff.move.reasonRequired')),
    },
  });
  const names = (v: Values) => ({
    patient: fullName(patients.find((p) => p.patientId === v.patientId) ?? { firstName: '', lastName: '' }),
    therapist: fullName(
      targets.find((th) => th.therapistId === v.therapistId) ?? { firstName: '', lastName: '' },
    ),
    previous: previousName,
  });
  const submit = useSubmit(
    (v: Values) =>
      reassign.mutateAsync({
        organisation: organisationId,
        patient: v.patientId,
        data: { therapistId: v.therapistId, reason: v.reason.trim() },
      }),
    {
      form,
      onSuccess: (_answer, v) => {
        setDone(names(v));
        setConfirming(null);
        form.setValues(EMPTY);
      },
      onProblem: (p) => {
        setConfirming(null);
        if (p.code === 'invalid_state') onChanged();
      },
    },
  );
  const message = (p: Problem) => (p.code === 'invalid_state' ? t('staff.move.changed') : undefined);

  return (
    <Stack gap="md" maw={640}>
      {done ? (
        <Alert color="teal" role="status" data-testid="move-done">
          <Stack gap="xs">
            <SafeText size="sm">{t('staff.move.done', done)}</SafeText>
            <Anchor component={Link} size="sm" to={`${to(paths.organisation, { organisationId })}?tab=audit`}>
              {t('staff.move.auditLink')}
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      {patients.length === 0 ? (
        <SafeText>{t('staff.move.noPatients', { name: previousName })}</SafeText>
      ) : (
        <form
          noValidate
          aria-label={t('staff.move.title')}
          onSubmit={form.onSubmit((values) => {
            setDone(null);
            setConfirming(values);
          })}
        >
          <Stack gap="sm">
            <NativeSelect
              label={t('staff.move.patient')}
              withAsterisk
              data={[
                { value: '', label: t('staff.move.pick'), disabled: true },
                ...patients.map((p) => ({ value: p.patientId, label: fullName(p) })),
              ]}
              disabled={confirming !== null}
              {...form.getInputProps('patientId')}
            />
            <NativeSelect
              label={t('staff.move.therapist')}
              description={targets.length > 0 ? t('staff.move.therapistHint') : t('staff.move.noTherapists')}
              withAsterisk
              data={[
                { value: '', label: t('staff.move.pick'), disabled: true },
                ...targets.map((th) => ({
                  value: th.therapistId,
                  label: t('staff.move.therapistOption', {
                    name: fullName(th),
                    count: th.patients,
                    highRisk: th.highRiskPatients,
                  }),
                })),
              ]}
              disabled={confirming !== null}
              {...form.getInputProps('therapistId')}
            />
            <Textarea
              label={t('staff.move.reason')}
              description={t('staff.move.reasonHint')}
              withAsterisk
              autosize
              minRows={2}
              maxLength={reassignPatientBodyReasonMax}
              disabled={confirming !== null}
              {...form.getInputProps('reason')}
            />
            {confirming ? null : (
              <Group>
                <Button ref={submitButton} type="submit" disabled={targets.length === 0}>
                  {t('staff.move.submit')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      )}
      {confirming ? (
        <Alert
          color="tend"
          variant="light"
          title={t('staff.move.confirmTitle', names(confirming))}
          styles={{ title: { overflowWrap: 'anywhere' } }}
          data-testid="move-confirm"
        >
          <Stack gap="sm">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('staff.move.confirmText', names(confirming))}
            </Text>
            <Group gap="sm" wrap="wrap">
              <Button
                ref={confirmButton}
                loading={submit.pending}
                onClick={() => void submit.submit(confirming)}
                maw="100%"
                styles={{
                  root: { height: 'auto', minHeight: 36 },
                  label: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
                }}
              >
                {t('staff.move.confirm', names(confirming))}
              </Button>
              <Button variant="default" onClick={() => setConfirming(null)} disabled={submit.pending}>
                {t('staff.move.back')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {submit.problem ? <ProblemAlert problem={submit.problem} message={message(submit.problem)} /> : null}
    </Stack>
  );
}
