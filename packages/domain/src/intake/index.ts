// @tend/domain/intake: an organisation's numbers (getOrganisationNumbers: the admin Home and every page
// that counts patients, therapists, waiting patients and places), its intake queue (listIntakeQueue, paged),
// placing waiting patients with a therapist (assignIntakePatients), moving a patient to another therapist
// (reassignPatient) and the therapists' load (listTherapistLoad).
export {
  useAssignPatients,
  useIntakeQueue,
  useOrganisationNumbers,
  useReassignPatient,
  useTherapistLoad,
} from './queries.ts';
export { waitedDays, loadSummary } from './model.ts';
