import { Alert, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { Appointment, AppointmentKind, AppointmentSlot, AppointmentSlots } from '@tend/api/model';
import { ProblemAlert, useSubmit } from '@tend/core';
import { formatDateTime } from '@tend/core/time';
import { freeSlotsOf, useBookAppointment } from '@tend/domain/appointments';
import { useTranslation } from '@tend/i18n';
import { Section } from '../../components/Section.tsx';
import { SlotPicker, slotOf } from './SlotPicker.tsx';
import { SubmitButtons } from '../../components/SubmitButtons.tsx';

interface Values {
  slot: string;
  kind: AppointmentKind;
  note: string;
}

const NOTE_MAX = 1000;

/** Book: a free slot of the care team, the kind the organisation allows, an optional note. */
export function BookSection({ availability }: { availability: AppointmentSlots }) {
  const { t } = useTranslation('patient');
  const book = useBookAppointment();
  const { rules, therapists } = availability;
  // After a 409, the free slots the answer carried, until the list is asked again.
  const [freeAfterTaken, setFreeAfterTaken] = useState<AppointmentSlot[] | null>(null);
  const [booked, setBooked] = useState<Appointment | null>(null);
  const form = useForm<Values>({
    initialValues: { slot: '', kind: rules.kinds[0] ?? 'video', note: '' },
    validate: {
      slot: (v) => (v ? null : t('appointments.book.chooseSlot')),
      note: (v) => (v.length > NOTE_MAX ? t('appointments.book.noteTooLong', { max: NOTE_MAX }) : null),
    },
  });
  const submission = useSubmit(
    (values: Values) =>
      book.mutateAsync({
        data: {
          ...slotOf(values.slot),
          kind: values.kind,
          ...(values.note.trim() ? { note: values.note.trim() } : {}),
        },
      }),
    {
      onSuccess: (appointment) => {
        setBooked(appointment);
        setFreeAfterTaken(null);
        form.reset();
      },
      onProblem: (problem) => {
        if (problem.status === 409) {
          setFreeAfterTaken(freeSlotsOf(problem.details));
          form.setFieldValue('slot', '');
        }
      },
    },
  );
  const taken = submission.problem?.status === 409;
  const name = (id: string) => therapists.find((th) => th.therapistId === id)?.name ?? '';
  return (
    <Section title={t('appointments.book.title')}>
      {booked ? (
        <Alert color="teal" variant="light" role="status">
          <Text fw={600}>{t('appointments.book.doneTitle')}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('appointments.book.done', {
              when: formatDateTime(booked.start),
              name: booked.therapistName,
            })}
          </Text>
        </Alert>
      ) : null}
      <form onSubmit={form.onSubmit((values) => void submission.submit(values))} noValidate>
        <Stack gap="md">
          <Text>
            {t('appointments.book.intro', { minutes: rules.slotMinutes, weeks: rules.horizonWeeks })}
          </Text>
          {taken ? (
            <Alert color="orange" variant="light" role="alert">
              <Text fw={600}>{t('appointments.book.takenTitle')}</Text>
              <Text size="sm">{t('appointments.book.taken')}</Text>
            </Alert>
          ) : (
            <ProblemAlert problem={submission.problem} />
          )}
          <SlotPicker
            slots={freeAfterTaken ?? availability.slots}
            therapists={therapists}
            value={form.values.slot}
            onChange={(key) => form.setFieldValue('slot', key)}
            error={form.errors.slot as string | undefined}
          />
          {rules.kinds.length > 1 ? (
            <Radio.Group label={t('appointments.book.kind')} {...form.getInputProps('kind')}>
              <Group mt="xs">
                {rules.kinds.map((kind) => (
                  <Radio key={kind} value={kind} label={t(`appointments.kinds.${kind}`)} />
                ))}
              </Group>
            </Radio.Group>
          ) : (
            <Text>
              {t('appointments.book.onlyKind', { kind: t(`appointments.kinds.${form.values.kind}`) })}
            </Text>
          )}
          <Textarea
            label={t('appointments.book.note')}
            description={t('appointments.book.noteHint', {
              name: name(slotOf(form.values.slot).therapistId) || t('appointments.book.yourTherapist'),
            })}
            autosize
            minRows={2}
            maxLength={NOTE_MAX}
            {...form.getInputProps('note')}
          />
          <SubmitButtons label={t('appointments.book.submit')} pending={submission.pending} />
        </Stack>
      </form>
    </Section>
  );
}
