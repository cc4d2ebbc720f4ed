import { useQueryClient } from '@tanstack/react-query';
import {
  getGetAccessCodeQueryKey,
  getListEligibleTherapistsQueryKey,
  getListMyTherapistsQueryKey,
  useGetAccessCode,
  useGetTherapistProfile,
  useListEligibleTherapists,
  useListMyTherapists,
  useRenewAccessCode as useRenewAccessCodeCall,
  useShareDataWithTherapist,
} from '@tend/api';
import type { TherapistList } from '@tend/api/model';

/** GET /patient/therapists: the patient's therapists, lead first. */
export const useMyTherapists = () => useListMyTherapists();

/** GET /therapists/details/{id}: a therapist's profile, biography, timezone and weekly availability. */
export const useTherapistProfile = (therapistId: string) =>
  useGetTherapistProfile(therapistId, undefined, { query: { enabled: therapistId !== '' } });

/** GET /patient/get-access-code: the current code (a new one once it has expired). */
export const useAccessCode = () => useGetAccessCode();

/** POST /patient/access-code/renew: a new code at once; it becomes the cached code. */
export function useRenewAccessCode() {
  const queryClient = useQueryClient();
  return useRenewAccessCodeCall({
    mutation: { onSuccess: (code) => queryClient.setQueryData(getGetAccessCodeQueryKey(), code) },
  });
}

/** GET /patients/{id}/eligible-therapists?purpose=share-data: therapists of the organisation not yet assigned. */
export const useShareableTherapists = (patientId: string | undefined) =>
  useListEligibleTherapists(
    patientId ?? '',
    { purpose: 'share-data' },
    { query: { enabled: Boolean(patientId) } },
  );

/**
 * POST /patients/{id}/share-data/{therapistId} (`{ patientId, therapistId }`): the therapist joins the care team. The answer is an
 * assignment, not the lists: the therapist leaves the eligible list in the cache at once, and only the
 * care team is read again (its order and lead come from the server).
 */
export function useShareData() {
  const queryClient = useQueryClient();
  return useShareDataWithTherapist({
    mutation: {
      onSuccess: (assignment, { patientId }) => {
        queryClient.setQueryData<TherapistList>(
          getListEligibleTherapistsQueryKey(patientId, { purpose: 'share-data' }),
          (list) =>
            list ? { items: list.items.filter((t) => t.therapistId !== assignment.therapistId) } : list,
        );
        return queryClient.invalidateQueries({ queryKey: getListMyTherapistsQueryKey(), exact: true });
      },
    },
  });
}
