import { useMutation } from '@tanstack/react-query';
import { useNotifyScores as useNotifyScoresCall } from '@tend/api';
import { useSaveMoment } from '../moments/save.ts';
import type { ScreeningResult, ScreeningType } from './model.ts';

/** notifyScores' variables for a questionnaire's total. */
export const scoresParams = (type: ScreeningType, total: number) => ({
  params: type === 'phq9' ? { phqScore: total } : { gadScore: total },
});

/** Tells the care team the latest score (notifyScores, `scoresParams(type, total)`: a severe band flags the patient high-risk). */
export const useNotifyScores = () => useNotifyScoresCall();

export interface ScreeningSave {
  momentId: string;
  type: ScreeningType;
  /** When the questionnaire was started (epoch ms). */
  start: number;
  result: ScreeningResult;
  /**
   * false for the safety flow's early save (PHQ-9 item 9 answered above 0 before the result is asked for): the
   * result is stored (the server raises the signal once, keyed by the momentId) but the score is not sent as a
   * notification until the patient submits, so one questionnaire notifies the care team once.
   */
  final?: boolean;
}

/**
 * Stores a PHQ-9/GAD-7 result as the patient's moment (the server checks the total and band, and flags the
 * patient high-risk for item 9 above 0 or a severe band, once per momentId however often it is saved), then
 * tells the care team the score. Saving the same momentId again (e.g. with the difficulty answered, or item 9
 * changed) updates the result; the server notes an item 9 taken back on the signal already raised. Without a connection the result waits
 * in the outbox (the server flags it when it arrives) and the care team is told then by the stored result.
 */
export function useSaveScreening(patientId: string | undefined) {
  const save = useSaveMoment(patientId);
  const notify = useNotifyScores();
  // Not the generated hook alone (several calls: the moment (or the outbox), then notifyScores): see the package README, Data hooks.
  return useMutation({
    mutationFn: async ({ momentId, type, start, result, final = true }: ScreeningSave) => {
      const body = {
        items: result.items,
        total: result.total,
        severity: result.severity,
        ...(result.difficulty === undefined ? {} : { difficulty: result.difficulty }),
      };
      const saved = await save.mutateAsync({
        momentId,
        eventType: type,
        start,
        end: Date.now(),
        body,
      } as Parameters<typeof save.mutateAsync>[0]);
      if (final && !saved.queued)
        await notify.mutateAsync(scoresParams(type, result.total)).catch(() => undefined);
      return saved;
    },
  });
}
