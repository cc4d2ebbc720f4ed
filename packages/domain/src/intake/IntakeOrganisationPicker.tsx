import { Select } from '@mantine/core';
import { useIntakeWords } from './words.ts';

/**
 * Which organisation's intake is shown, for someone who has the intake of several (an administrator of a tree,
 * a lead therapist of several organisations); nothing when there is only one.
 */
export function IntakeOrganisationPicker({
  options,
  value,
  onChange,
}: {
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string;
  onChange(organisationId: string): void;
}) {
  const { td } = useIntakeWords();
  if (options.length < 2) return null;
  return (
    <Select
      maw={420}
      label={td('intake.organisation.label')}
      description={td('intake.organisation.hint')}
      searchable
      allowDeselect={false}
      data={[...options]}
      value={value}
      onChange={(chosen) => chosen && onChange(chosen)}
    />
  );
}
