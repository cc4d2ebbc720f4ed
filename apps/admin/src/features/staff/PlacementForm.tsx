import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { StaffPatient, StaffPatients } from '@tend/api/model';
import { ProblemAlert, type Problem } from '@tend/core';
import { useTranslation } from '@tend/i18n';

/** Patient id → another therapist's id, or `intake` for the intake queue. */
export type Placements = Record<string, string>;

/** One choice per patient: nobody is left without a clinician by surprise (no choice is made for the administrator). */
export function PlacementForm({
  patients,
  therapists,
  pending,
  problem,
  onSubmit,
  submitLabel,
}: {
  patients: StaffPatient[];
  therapists: StaffPatients['therapists'];
  pending: boolean;
  problem: Problem | null;
  onSubmit(placements: Placements): void;
  submitLabel: string;
}) {
  const { t } = useTranslation('admin');
  const form = useForm<{ placements: Placements }>({
    mode: 'controlled',
    initialValues: { placements: Object.fromEntries(patients.map((p) => [p.patientId, ''])) },
    validate: {
      placements: Object.fromEntries(
        patients.map((p) => [p.patientId, (v: string) => (v ? null : t('staff.remove.choose'))]),
      ) as never,
    },
  });
  const options = [
    { value: '', label: t('staff.remove.pick'), disabled: true },
    { value: 'intake', label: t('staff.remove.intake') },
    ...therapists.map((th) => ({ value: th.userId, label: `${th.firstName} ${th.lastName}` })),
  ];
  return (
    <form noValidate onSubmit={form.onSubmit((values) => onSubmit(values.placements))}>
      <Stack gap="md" maw={640}>
        {patients.length === 0 ? (
          <Text>{t('staff.remove.noPatients')}</Text>
        ) : (
          <>
            <Text size="sm">{t('staff.remove.patients', { count: patients.length })}</Text>
            {patients.map((p) => (
              <NativeSelect
                key={p.patientId}
                label={t('staff.remove.whereFor', { name: `${p.firstName} ${p.lastName}` })}
                description={p.isLead ? t('staff.remove.lead') : t('staff.remove.member')}
                data={options}
                withAsterisk
                {...form.getInputProps(`placements.${p.patientId}`)}
              />
            ))}
          </>
        )}
        <ProblemAlert problem={problem} />
        <Group>
          <Button
            type="submit"
            color="red"
            loading={pending}
            style={{ whiteSpace: 'normal', height: 'auto', minHeight: 36 }}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
