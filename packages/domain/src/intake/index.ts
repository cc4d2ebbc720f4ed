// @tend/domain/intake: an organisation's numbers (getOrganisationNumbers: the admin Home and every page
// that counts patients, therapists, waiting patients and places), its intake queue (listIntakeQueue, paged),
// placing waiting patients with a therapist (assignIntakePatients), moving a patient to another therapist
// (reassignPatient), the therapists' load (listTherapistLoad), and a therapist's alerts of patients placed
// with them (listMyPlacements, dismissPlacement: the therapist console's home); the organisations whose intake
// a lead therapist runs (listMyIntakeOrganisations), and the intake's shared view (IntakeWorkspace: the admin
// console's Intake page and a lead therapist's in the therapist console).
export {
  useAssignPatients,
  useDismissPlacement,
  useMyPlacements,
  useIntakeQueue,
  useMyIntakeOrganisations,
  useOrganisationNumbers,
  useReassignPatient,
  useTherapistLoad,
} from './queries.ts';
export { waitedDays, loadSummary, movablePatients, reassignTargets } from './model.ts';
export { IntakeOrganisationPicker } from './IntakeOrganisationPicker.tsx';
export { IntakeWorkspace } from './IntakeWorkspace.tsx';
export { useIntakeWords } from './words.ts';
