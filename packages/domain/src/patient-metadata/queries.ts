import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getGetPatientMetadataQueryKey,
  getPatientMetadata,
  updatePatientMetadata,
  useUpdatePatientMetadata as useUpdatePatientMetadataCall,
} from '@tend/api';
import type { PatientMetadata } from '@tend/api/model';
import { toProblem } from '@tend/core';
import { firstRunDone, PREFERENCES_DOCUMENT, type FirstRunOutcome } from './model.ts';

/** A document never written reads as empty with the ETag `*` (the server creates it on the first save). */
const absent = (id: string): PatientMetadata => ({
  metadataDocumentId: id,
  data: {},
  etag: '*',
  updatedAt: '',
});

export async function readMetadata(id: string, signal?: AbortSignal): Promise<PatientMetadata> {
  try {
    return await getPatientMetadata(id, undefined, signal);
  } catch (error) {
    if (toProblem(error).code === 'not_found') return absent(id);
    throw error;
  }
}

/** GET /patient-metadata/{id} with its ETag (absent: empty, `*`). */
export const usePatientMetadata = (id: string) =>
  useQuery({
    queryKey: getGetPatientMetadataQueryKey(id),
    queryFn: ({ signal }) => readMetadata(id, signal),
  });

/**
 * POST …/update-metadata with the ETag it was edited from (`{ metadataDocumentId, data: { metadataChangeList },
 * headers: { ETag } }`); the answer (new ETag) becomes the cache. A 412 is the form's.
 */
export function useUpdatePatientMetadata() {
  const queryClient = useQueryClient();
  return useUpdatePatientMetadataCall({
    mutation: {
      onSuccess: (doc, { metadataDocumentId }) =>
        queryClient.setQueryData(getGetPatientMetadataQueryKey(metadataDocumentId), doc),
    },
  });
}

/**
 * The first-run welcome: `pending` (undefined while unknown) says whether to show it, from the server's
 * preferences (so it holds on every device); `complete` stores how it ended (read afresh, then one `set`,
 * so nothing else of the preferences is touched). If storing fails (offline), this session still moves on
 * (the cache says done) and the welcome comes back at the next sign-in rather than standing in the way.
 */
export function useFirstRun() {
  const queryClient = useQueryClient();
  const key = getGetPatientMetadataQueryKey(PREFERENCES_DOCUMENT);
  const doc = usePatientMetadata(PREFERENCES_DOCUMENT);
  // Not the generated hook alone (the document read afresh, then one change): see the package README, Data hooks.
  const complete = useMutation({
    mutationKey: ['patient-metadata', PREFERENCES_DOCUMENT, 'first-run'],
    mutationFn: async (outcome: FirstRunOutcome) => {
      const current = await readMetadata(PREFERENCES_DOCUMENT);
      return updatePatientMetadata(
        PREFERENCES_DOCUMENT,
        { metadataChangeList: [{ op: 'set', path: 'firstRun', value: outcome }] },
        { ETag: current.etag },
      );
    },
    onSuccess: (stored) => queryClient.setQueryData(key, stored),
    onError: (_error, outcome) =>
      queryClient.setQueryData<PatientMetadata>(key, (old) => ({
        ...(old ?? absent(PREFERENCES_DOCUMENT)),
        data: { ...old?.data, firstRun: outcome },
      })),
  });
  return {
    pending: doc.data ? !firstRunDone(doc.data.data) : undefined,
    error: doc.error,
    complete: (outcome: FirstRunOutcome) => complete.mutateAsync(outcome).catch(() => undefined),
    completing: complete.isPending,
  };
}
