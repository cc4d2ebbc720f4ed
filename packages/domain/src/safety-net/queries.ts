import { useQueryClient } from '@tanstack/react-query';
import {
  getGetPatientSafetyNetQueryKey,
  getGetPatientSafetyPlanQueryKey,
  useGetPatientSafetyNet,
  useGetPatientSafetyPlan,
  useUpdateSafetyPlanSharing as useUpdateSafetyPlanSharingCall,
} from '@tend/api';
import { toProblem } from '@tend/core';

/**
 * The signed-in patient's safety net (getPatientSafetyNet): who sees what they share, how soon, and whether
 * their care team may read their safety plan. Kept a while (it changes when a therapist takes them on) and
 * never blocks a screen: while loading or failing the words fall back to a neutral "the clinicians of your
 * organisation".
 */
export const useSafetyNet = (enabled = true) =>
  useGetPatientSafetyNet({ query: { enabled, staleTime: 60_000, retry: 1 } });

/** PUT /patient/safety-plan-sharing (`{ data: { shared } }`): the answer (the safety net as it is now) becomes the cache. */
export function useUpdateSafetyPlanSharing() {
  const queryClient = useQueryClient();
  return useUpdateSafetyPlanSharingCall({
    mutation: { onSuccess: (net) => queryClient.setQueryData(getGetPatientSafetyNetQueryKey(), net) },
  });
}

/**
 * A patient's safety plan as their care team reads it (getPatientSafetyPlan). `state` says which of the
 * designed cases applies: the plan, not written yet (404), not shared (403), or a failure to show.
 */
export function useSharedSafetyPlan(patientId: string) {
  const query = useGetPatientSafetyPlan(patientId, {
    query: { retry: (n, error) => n < 2 && !['forbidden', 'not_found'].includes(toProblem(error).code) },
  });
  const code = query.error ? toProblem(query.error).code : null;
  const state = query.data
    ? ('plan' as const)
    : code === 'not_found'
      ? ('none' as const)
      : code === 'forbidden'
        ? ('private' as const)
        : query.isPending
          ? ('loading' as const)
          : ('error' as const);
  return { query, state, queryKey: getGetPatientSafetyPlanQueryKey(patientId) };
}
