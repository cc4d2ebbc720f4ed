// @tend/domain/therapist-profile: a therapist's profile and availability for any viewer. The therapist's own
// details, name, biography, timezone and weekly slots (getMyTherapistDetails … deleteAvailabilitySlot), a
// therapist's profile as a patient or colleague sees it (getTherapistProfile, with occurrences), the pure
// availability model (./model.ts, also used by the server: weekly wall-clock slots, their instants across
// daylight-saving changes, the week a viewer sees) and the week calendar both apps draw.
export * from './model.ts';
export {
  useCreateSlot,
  useDeleteSlot,
  useMyAvailability,
  useMyTherapistDetails,
  useMyTimezone,
  useTherapistProfile,
  useTimezones,
  useUpdateMyBiography,
  useUpdateMyName,
  useUpdateMyTimezoneSetting,
  useUpdateSlot,
} from './queries.ts';
export { AvailabilityWeek, type AvailabilityWeekProps } from './AvailabilityWeek.tsx';
export { useTherapistProfileWords } from './words.ts';
