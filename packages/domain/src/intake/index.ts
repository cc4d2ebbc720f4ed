// @tend/domain/intake: an organisation's numbers (getOrganisationNumbers: the admin Home and every page
// that counts patients, therapists, waiting patients and places), its intake queue (listIntakeQueue, paged),
// placing waiting patients with a therapist (assignIntakePatients), moving a patient to another therapist
// (reassignPatient), the therapists' load (listTherapistLoad), and a therapist's alerts of patients placed
// with them (listMyPlacements, dismissPlacement: the therapist console's home).
export {
  useAssignPatients,
  useDismissPlacement,
  useMyPlacements,
  useIntakeQueue,
  useOrganisationNumbers,
  useReassignPatient,
  useTherapistLoad,
} from './queries.ts';
export { waitedDays, loadSummary } from './model.ts';
