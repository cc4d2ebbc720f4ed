import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  getListSurveySessionsQueryKey,
  useListSurveySessions,
  useSubmitOnboardingSurveyResponse,
  useSubmitSurveyResponse as useSubmitSurveyResponseCall,
} from '@tend/api';
import type { SurveySession, SurveySessionList } from '@tend/api/model';
import { offeredSurveys, pendingOnboarding } from './model.ts';

/** GET /survey/sessions: the surveys the patient's organisation offers them, each with whether it was completed. */
export const useSurveySessions = (enabled = true) =>
  useListSurveySessions({ query: { enabled, staleTime: 5 * 60_000 } });

/**
 * The onboarding survey the signed-in patient still has to answer (`pending`, null when none), from their
 * survey sessions. While the list loads `pending` is undefined.
 */
export function usePendingOnboarding(enabled = true) {
  const sessions = useSurveySessions(enabled);
  return { ...sessions, pending: sessions.data === undefined ? undefined : pendingOnboarding(sessions.data) };
}

/** The answered session's completedAt put into the cached list of sessions (no refetch). */
function recordCompletion(
  queryClient: QueryClient,
  answered: (session: SurveySession) => boolean,
  completedAt: SurveySession['completedAt'],
) {
  queryClient.setQueryData<SurveySessionList>(getListSurveySessionsQueryKey(), (list) =>
    list ? { items: list.items.map((s) => (answered(s) ? { ...s, completedAt } : s)) } : list,
  );
}

/**
 * POST /onboarding-survey/configs/{urlSuffix}/responses (`{ urlSuffix, data: { responseData } }`): the patient's completed response. The answer's
 * completedAt becomes the session's in the cached list, so the onboarding is done at once (no refetch).
 */
export function useSubmitOnboardingResponse() {
  const queryClient = useQueryClient();
  return useSubmitOnboardingSurveyResponse({
    mutation: {
      onSuccess: (stored) =>
        recordCompletion(
          queryClient,
          (s) => s.urlSuffix === stored.urlSuffix && s.type === 'onboarding',
          stored.completedAt,
        ),
    },
  });
}

/** The wellbeing, feedback and research surveys offered to the patient (not yet answered first). */
export function useOfferedSurveys(enabled = true) {
  const sessions = useSurveySessions(enabled);
  return { ...sessions, surveys: sessions.data === undefined ? undefined : offeredSurveys(sessions.data) };
}

/**
 * POST /survey/sessions/{surveyId}/responses (`{ surveyId, data: { responseData } }`): the patient's answer to a survey offered to them (any type but
 * answered by id; the onboarding one goes through its own call). The answer's completedAt becomes the cached
 * session's.
 */
export function useSubmitSurveyResponse() {
  const queryClient = useQueryClient();
  return useSubmitSurveyResponseCall({
    mutation: {
      onSuccess: (stored) =>
        recordCompletion(queryClient, (s) => s.surveyId === stored.surveyId, stored.completedAt),
    },
  });
}
