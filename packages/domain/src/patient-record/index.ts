// @tend/domain/patient-record: a patient's record as their care team reads and writes it: the patient
// (getPatient), lead or not (isLeadTherapist), the measures (getPatientGraph), therapist notes
// (createPatientNote, deletePatientNote), file uploads (getFileUploadPolicy and the signed upload target),
// the welfare e-mail to the patient's welfare contact (previewWelfareEmail, sendWelfareEmail), what is new since
// the therapist last looked (getSinceLastLook, markRecordSeen).
// The timeline itself is @tend/domain/moments; the risk flag and history @tend/domain/risk-alerts.
export * from './model.ts';
export * from './since-model.ts';
export { useMarkRecordSeen, useSinceLastLook } from './since-last-look.ts';
export {
  useCreateNote,
  useDeleteNote,
  useIsLead,
  usePatient,
  usePatientGraph,
  useSendWelfareEmail,
  useUploadFile,
  useWelfareEmailPreview,
  type WelfareEmailOptions,
} from './queries.ts';
export { usePatientRecordWords, useUploadWords } from './words.ts';
