// @tend/domain/care-team: the patient's therapists (profile and availability), their access code for a new
// therapist, and sharing their data with another therapist of their organisation.
export { nextOccurrences, secondsLeft, splitDuration, type Occurrence } from './availability.ts';
export {
  useAccessCode,
  useMyTherapists,
  useRenewAccessCode,
  useShareableTherapists,
  useShareData,
  useTherapistProfile,
} from './queries.ts';
