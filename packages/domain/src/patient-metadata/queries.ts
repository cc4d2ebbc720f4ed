import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getGetPatientMetadataQueryKey, getPatientMetadata, updatePatientMetadata } from '@tend/api';
import type { MetadataChange, PatientMetadata } from '@tend/api/model';
import { toProblem } from '../problem/toProblem.ts';

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

/** POST …/update-metadata with the ETag it was edited from; the answer (new ETag) becomes the cache. A 412 is the form's. */
export function useUpdatePatientMetadata(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['patient-metadata', id],
    mutationFn: ({ changes, etag }: { changes: MetadataChange[]; etag: string }) =>
      updatePatientMetadata(id, { metadataChangeList: changes }, { ETag: etag }),
    onSuccess: (doc) => queryClient.setQueryData(getGetPatientMetadataQueryKey(id), doc),
  });
}
