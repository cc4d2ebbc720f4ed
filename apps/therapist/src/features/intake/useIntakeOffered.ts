import { useMyIntakeOrganisations } from '@tend/domain/intake';

/** Whether the signed-in therapist runs an organisation's intake (a lead therapist): the Intake entry shows then. */
export function useIntakeOffered(): boolean {
  return (useMyIntakeOrganisations().data?.items.length ?? 0) > 0;
}
