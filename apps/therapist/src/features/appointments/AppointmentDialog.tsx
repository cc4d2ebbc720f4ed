import { Button, Group, Stack, Text, Textarea, type MantineColor } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, type ReactNode } from 'react';
import type { Appointment } from '@tend/api/model';
import { ProblemAlert, type Submit } from '@tend/core';
import { formatDateTime } from '@tend/core/time';
import { ConsoleDialog } from '../../components/Dialog.tsx';

export interface AppointmentDialogProps<V extends { reason: string }> {
  /** The appointment acted on; the dialog is open while there is one. */
  appointment: Appointment | null;
  zone: string;
  onClose(): void;
  /** The dialog's form and its submit: both start again each time the dialog opens on an appointment. */
  form: UseFormReturnType<V>;
  save: Submit<unknown, V>;
  title: string;
  /** What the dialog does, with the appointment's time in the therapist's zone. */
  intro(time: string): string;
  /** The submit's problem in the dialog's own words (else ProblemAlert's). */
  message?: string;
  backLabel: string;
  submitLabel: string;
  submitColor?: MantineColor;
  submitDisabled?: boolean;
  /** The reason's label (the patient reads the reason, in the app and in their e-mail). */
  reasonLabel: string;
  reasonRequired?: boolean;
  /** The fields before the reason. */
  children?: ReactNode;
}

/** What a page gives one of its appointment dialogs: the appointment (none while closed), the zone, and the way out. */
export type AppointmentActionProps = Pick<
  AppointmentDialogProps<{ reason: string }>,
  'appointment' | 'zone' | 'onClose'
>;

/** A change to one appointment: what it is, its fields, what went wrong, and Back beside the change's button. */
export function AppointmentDialog<V extends { reason: string }>({
  appointment,
  zone,
  onClose,
  form,
  save,
  title,
  intro,
  message,
  backLabel,
  submitLabel,
  submitColor,
  submitDisabled,
  reasonLabel,
  reasonRequired = false,
  children,
}: AppointmentDialogProps<V>) {
  useEffect(() => {
    if (!appointment) return;
    form.reset();
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appointment]);
  return (
    <ConsoleDialog opened={appointment !== null} onClose={onClose} title={title}>
      <form noValidate onSubmit={form.onSubmit((v) => void save.submit(v))}>
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {appointment ? intro(formatDateTime(appointment.start, zone)) : null}
          </Text>
          {children}
          <Textarea
            label={reasonLabel}
            withAsterisk={reasonRequired}
            autosize
            minRows={2}
            maxLength={500}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <ProblemAlert problem={save.problem} message={message} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {backLabel}
            </Button>
            <Button type="submit" color={submitColor} loading={save.pending} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </ConsoleDialog>
  );
}
