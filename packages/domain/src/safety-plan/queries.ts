import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCloudDocument,
  getGetCloudDocumentQueryKey,
  previewOwnWelfareEmail,
  usePutCloudDocument,
  useSendWelfareEmail as useSendWelfareEmailCall,
} from '@tend/api';
import type { WelfareEmailRequest } from '@tend/api/model';
import { toProblem } from '@tend/core';
import { emptyPlan, readPlan, SAFETY_PLAN_DOCUMENT, SAFETY_PLAN_VERSION, type SafetyPlan } from './model.ts';

/** The plan as stored, with the timestamp of the stored version (0: never saved). */
export interface StoredPlan {
  plan: SafetyPlan;
  timestamp: number;
}

const params = { dataStructureVersion: SAFETY_PLAN_VERSION };
export const safetyPlanQueryKey = () => getGetCloudDocumentQueryKey(SAFETY_PLAN_DOCUMENT, params);

/** Reads the stored plan (a 404, never saved, is the empty plan at timestamp 0). */
export async function readStoredPlan(signal?: AbortSignal): Promise<StoredPlan> {
  try {
    const doc = await getCloudDocument(SAFETY_PLAN_DOCUMENT, params, undefined, signal);
    return { plan: readPlan(doc.content), timestamp: doc.timestamp };
  } catch (error) {
    if (toProblem(error).code === 'not_found') return { plan: emptyPlan(), timestamp: 0 };
    throw error;
  }
}

/** GET /cloud-document/safety-plan. Not refetched under the patient's hands: the save's conflict rule catches changes. */
export const useSafetyPlan = () =>
  useQuery({
    queryKey: safetyPlanQueryKey(),
    queryFn: ({ signal }) => readStoredPlan(signal),
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

/**
 * The contract's variables of a save of `plan` edited from version `base` (putCloudDocument): conditional on
 * that version, so a save made meanwhile on another device answers 409 `stale_timestamp` and nothing is
 * overwritten (the screen then reads the stored version and shows both). The new version is newer than both
 * the clock and the base.
 */
export function savePlanRequest(plan: SafetyPlan, base: number, now = Date.now()) {
  return {
    name: SAFETY_PLAN_DOCUMENT,
    data: plan,
    params: { ...params, timestamp: Math.max(now, base + 1), expectedTimestamp: base },
  };
}

/**
 * PUT /cloud-document/safety-plan (`mutateAsync(savePlanRequest(plan, base))`, answering the stored
 * timestamp). Success: the saved plan and its stored timestamp become the cache.
 */
export function useSaveSafetyPlan() {
  const queryClient = useQueryClient();
  return usePutCloudDocument({
    mutation: {
      onSuccess: (stored, { data }) =>
        queryClient.setQueryData<StoredPlan>(safetyPlanQueryKey(), {
          plan: data as SafetyPlan,
          timestamp: Number(stored),
        }),
    },
  });
}

/** The stored version now (after a conflict), which also becomes the cache. */
export function useReadStoredPlan() {
  const queryClient = useQueryClient();
  return async (): Promise<StoredPlan> => {
    const stored = await readStoredPlan();
    queryClient.setQueryData(safetyPlanQueryKey(), stored);
    return stored;
  };
}

/**
 * POST /social/welfareEmail/preview: exactly what would be sent (nothing is sent). Generated as a read, asked
 * on demand (the person presses Preview), so an action here.
 */
export const useWelfarePreview = () =>
  // Not the generated hook alone (a read generated as a query, asked for as an action): see the package README, Data hooks.
  useMutation({
    mutationKey: ['safety-plan', 'welfare-preview'],
    mutationFn: (request: WelfareEmailRequest) => previewOwnWelfareEmail(request),
  });

/** POST /social/welfareEmail (`{ data: request }`). */
export const useSendWelfareEmail = () => useSendWelfareEmailCall();
