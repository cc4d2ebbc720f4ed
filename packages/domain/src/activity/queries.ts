import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  earnReward,
  getGetActivityCountersQueryKey,
  getGetActivityTotalsQueryKey,
  useGetActivityCounters,
  useGetActivityTotals,
  useGetMyGraph,
} from '@tend/api';
import type { RewardResult } from '@tend/api/model';
import type { OwnMoment } from '../moments/outbox.ts';
import { newMomentId, useSaveMoment, type SavedMoment } from '../moments/save.ts';
import { startOfDay } from '@tend/core/time';
import { streakDays, sumCounts, summaryParams, type ActivityId } from './model.ts';

export interface CompletedExercise {
  activityId: ActivityId;
  /** When the exercise started (epoch ms). */
  start: number;
  durationSeconds: number;
  /** Suggested by the care team or the app (doubles the points). */
  recommended?: boolean;
  /** The exercise's own moment (a relaxation, a quiz result …), saved first over the same time. */
  record?: Pick<OwnMoment, 'eventType' | 'body'>;
}

export interface ExerciseOutcome {
  activity: SavedMoment;
  /** The reward earned (null when it waits for a connection). */
  reward: RewardResult | null;
}

/**
 * Logs a completed exercise: its own moment when it has one (`record`), an `activity` moment (kept in the outbox without a connection) and, online, the
 * reward for the session (earnReward; its sessionId is the activity's momentId, so a retry never credits
 * twice). Counters and totals follow.
 */
export function useCompleteExercise(patientId: string | undefined) {
  const save = useSaveMoment(patientId);
  const queryClient = useQueryClient();
  // Not the generated hook alone (several calls: the moments, then earnReward): see the package README, Data hooks.
  return useMutation({
    mutationFn: async (exercise: CompletedExercise): Promise<ExerciseOutcome> => {
      const momentId = newMomentId();
      const duration = Math.max(0, Math.min(86_400, Math.round(exercise.durationSeconds)));
      if (exercise.record) {
        await save.mutateAsync({
          ...exercise.record,
          momentId: newMomentId(),
          start: exercise.start,
          end: exercise.start + duration * 1000,
        } as OwnMoment);
      }
      const activity = await save.mutateAsync({
        momentId,
        eventType: 'activity',
        start: exercise.start,
        end: exercise.start + duration * 1000,
        body: { activityId: exercise.activityId, durationSeconds: duration, completed: true },
      });
      if (activity.queued) return { activity, reward: null };
      const reward = await earnReward({
        sessionId: momentId,
        duration,
        isRecommended: exercise.recommended ?? false,
      }).catch(() => null);
      return { activity, reward };
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: getGetActivityCountersQueryKey() });
      void queryClient.invalidateQueries({ queryKey: getGetActivityTotalsQueryKey() });
    },
  });
}

/**
 * The patient's activity at a glance: this week's count (getActivityCounters since Monday), all-time totals
 * (getActivityTotals), and the current streak of active days (getMyGraph's activity minutes per day).
 */
export function useActivitySummary(now = Date.now()) {
  const params = summaryParams(now, startOfDay);
  const counters = useGetActivityCounters(params.counters);
  const totals = useGetActivityTotals(params.totals);
  const graph = useGetMyGraph(params.graph);
  const totalValues = Object.values(totals.data?.totals ?? {});
  return {
    thisWeek: sumCounts(counters.data?.counters),
    counters: counters.data?.counters ?? {},
    totals: totals.data?.totals ?? {},
    totalCount: totalValues.reduce((a, b) => a + b.count, 0),
    totalMinutes: Math.round(totalValues.reduce((a, b) => a + b.durationSeconds, 0) / 60),
    streak: streakDays(graph.data?.series.activityMinutes ?? [], now),
    isPending: counters.isPending || totals.isPending || graph.isPending,
    error: counters.error ?? totals.error ?? graph.error,
    refetch: () => void Promise.all([counters.refetch(), totals.refetch(), graph.refetch()]),
  };
}
