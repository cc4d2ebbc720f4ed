// @tend/domain/appointments: sessions with a therapist — free slots, booking, moving and cancelling, the
// caller's appointments and the next one, an organisation's appointment settings; the pure model (slots by
// the viewer's day, timezone differences across daylight-saving changes, the notice period, the video link,
// the free slots and stranded appointments a 409 names).
export {
  affectedAppointmentsOf,
  freeSlotsOf,
  isPast,
  offsetAt,
  patientMayChange,
  slotsByDay,
  untilVideoLink,
  zoneDiffers,
  type AffectedAppointment,
  type SlotDay,
} from './model.ts';
export {
  APPOINTMENT_PAGE_SIZE,
  appointmentKeys,
  useAppointment,
  useAppointmentNotices,
  useAppointmentSettings,
  useAppointmentSlots,
  useAppointments,
  useBookAppointment,
  useCancelAppointment,
  useMarkAppointmentNoticesSeen,
  useMoveAppointment,
  useNextAppointment,
  useSaveAppointmentSettings,
  useUnseenAppointmentNoticeCount,
} from './queries.ts';
export { AppointmentNotices } from './AppointmentNotices.tsx';
export { useAppointmentWords } from './words.ts';
