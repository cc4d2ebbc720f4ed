// @tend/domain/caseload: the signed-in therapist's patients (listAssignedPatients, ordered and filtered by the
// server, paged by the keyset cursor paginationCursor), taking a patient on by their access code, discharge, the high-risk flag by hand.
export * from './model.ts';
export {
  CASELOAD_LISTS,
  CASELOAD_PAGE_SIZE,
  useCaseload,
  useDischargePatient,
  useSetHighRisk,
  useTakeOnPatient,
} from './queries.ts';
