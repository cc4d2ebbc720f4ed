import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  getFileUploadPolicy,
  getListPatientMomentsInfiniteQueryKey,
  useCreatePatientNote,
  useDeletePatientNote,
  useGetPatient,
  useGetPatientGraph,
  useIsLeadTherapist,
  usePreviewWelfareEmail,
  useSendWelfareEmail as useSendWelfareEmailCall,
} from '@tend/api';
import { sendToSignedTarget, uploadRefused } from '../upload/signedUpload.ts';
import type { ListPatientMomentsParams, Moment, PatientMomentPage } from '@tend/api/model';
import { checkFile, graphWindow, listShows, withMoment, withoutMoment } from './model.ts';

/** A patient's record as their care team reads it (getPatient): names, organisation, risk, care team, welfare contact. */
export function usePatient(patientId: string | undefined) {
  return useGetPatient(patientId ?? '', { query: { enabled: Boolean(patientId) } });
}

/** Whether the signed-in therapist leads this patient's care (isLeadTherapist). */
export function useIsLead(patientId: string | undefined) {
  return useIsLeadTherapist(patientId ?? '', {
    query: { enabled: Boolean(patientId), select: (r) => r.isLead },
  });
}

/** The patient's PHQ-9, GAD-7, mood and activity series over the last `days` days (getPatientGraph). */
export function usePatientGraph(patientId: string | undefined, days: number) {
  const window = useMemo(() => graphWindow(days), [days]);
  return useGetPatientGraph(patientId ?? '', window, {
    query: { enabled: Boolean(patientId), placeholderData: (previous) => previous },
  });
}

type MomentData = InfiniteData<PatientMomentPage, string | undefined>;
const momentLists = (patientId: string) => getListPatientMomentsInfiniteQueryKey(patientId).slice(0, 2);

/** Puts a new moment at the top of every cached list of the patient's moments that shows its type. */
function addToLists(queryClient: QueryClient, patientId: string, moment: Moment) {
  for (const [key, data] of queryClient.getQueriesData<MomentData>({ queryKey: momentLists(patientId) })) {
    if (data && listShows(key[2] as ListPatientMomentsParams | undefined, moment.eventType))
      queryClient.setQueryData<MomentData>(key, withMoment(data, moment));
  }
}

/** Adds the signed-in therapist's note to the record (createPatientNote); the timeline shows it at once. */
export function useCreateNote() {
  const queryClient = useQueryClient();
  return useCreatePatientNote({
    mutation: { onSuccess: (moment, { patientId }) => addToLists(queryClient, patientId, moment) },
  });
}

/** Deletes a note (deletePatientNote: its author or the lead therapist); it leaves every cached list. */
export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useDeletePatientNote({
    mutation: {
      onSuccess: (_data, { patientId, momentId }) =>
        queryClient.setQueriesData<MomentData>({ queryKey: momentLists(patientId) }, (data) =>
          data ? withoutMoment(data, momentId) : data,
        ),
    },
  });
}

/**
 * Uploads a file to the patient's record: the signed upload target of getFileUploadPolicy, then the bytes
 * sent there (../upload/signedUpload.ts). The server answers the new `file` moment, which joins the lists.
 */
export function useUploadFile(patientId: string) {
  const queryClient = useQueryClient();
  // Not the generated hook alone (a file: the signed upload target, then the bytes): see the package README, Data hooks.
  return useMutation({
    mutationFn: async (file: File): Promise<Moment> => {
      const refused = (status: number, code: string, message: string) =>
        uploadRefused('getFileUploadPolicy', status, code, message);
      const before = checkFile(file);
      if (before === 'size') throw refused(413, 'payload_too_large', 'The file is larger than the limit.');
      if (before) throw refused(400, 'invalid_request', `The file cannot be uploaded (${before}).`);
      const policy = await getFileUploadPolicy(patientId, {
        type: file.type.toLowerCase(),
        fileName: file.name,
      });
      return (await sendToSignedTarget<Moment>(policy, file, { operationId: 'getFileUploadPolicy' }))!;
    },
    onSuccess: (moment) => addToLists(queryClient, patientId, moment),
  });
}

export interface WelfareEmailOptions {
  careFirstStyleEmail: boolean;
  personalMessage?: string | undefined;
}

/** Exactly what a welfare e-mail to the patient's welfare contact would say (previewWelfareEmail). */
export function useWelfareEmailPreview(
  patientId: string | undefined,
  options: WelfareEmailOptions,
  enabled = true,
) {
  const params = {
    careFirstStyleEmail: options.careFirstStyleEmail,
    ...(options.personalMessage?.trim() ? { personalMessage: options.personalMessage.trim() } : {}),
  };
  return usePreviewWelfareEmail(patientId ?? '', params, {
    query: { enabled: enabled && Boolean(patientId), placeholderData: (previous) => previous },
  });
}

/** Sends the welfare e-mail about a patient to their welfare contact (sendWelfareEmail with patientId). */
export function useSendWelfareEmail() {
  return useSendWelfareEmailCall();
}
