import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCloudDocument,
  getGetCloudDocumentQueryKey,
  previewOwnWelfareEmail,
  putCloudDocument,
  sendWelfareEmail,
} from '@tend/api';
import type { WelfareEmailRequest } from '@tend/api/model';
import { toProblem } from '../problem/toProblem.ts';
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
 * PUT /cloud-document/safety-plan, conditional on the version it was edited from (`base`): a save made
 * meanwhile on another device answers 409 `stale_timestamp` and nothing is overwritten (the screen then reads
 * the stored version and shows both). Success: the saved plan and its stored timestamp become the cache.
 */
export function useSaveSafetyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['safety-plan', 'save'],
    mutationFn: async ({ plan, base }: { plan: SafetyPlan; base: number }): Promise<StoredPlan> => {
      const timestamp = Math.max(Date.now(), base + 1);
      const stored = await putCloudDocument(SAFETY_PLAN_DOCUMENT, plan, {
        ...params,
        timestamp,
        expectedTimestamp: base,
      });
      return { plan, timestamp: Number(stored) };
    },
    onSuccess: (stored) => queryClient.setQueryData(safetyPlanQueryKey(), stored),
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

/** POST /social/welfareEmail/preview: exactly what would be sent (nothing is sent). */
export const useWelfarePreview = () =>
  useMutation({
    mutationKey: ['safety-plan', 'welfare-preview'],
    mutationFn: (request: WelfareEmailRequest) => previewOwnWelfareEmail(request),
  });

/** POST /social/welfareEmail. */
export const useSendWelfareEmail = () =>
  useMutation({
    mutationKey: ['safety-plan', 'welfare-send'],
    mutationFn: (request: WelfareEmailRequest) => sendWelfareEmail(request),
  });
