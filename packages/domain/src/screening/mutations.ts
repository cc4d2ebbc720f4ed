import { useMutation } from '@tanstack/react-query';
import { notifyScores } from '@tend/api';
import { useSaveMoment } from '../moments/save.ts';
import type { ScreeningResult, ScreeningType } from './model.ts';

/** Tells the care team the latest score (notifyScores: a severe band flags the patient high-risk). */
export function useNotifyScores() {
  return useMutation({
    mutationFn: ({ type, total }: { type: ScreeningType; total: number }) =>
      notifyScores(type === 'phq9' ? { phqScore: total } : { gadScore: total }),
  });
}

export interface ScreeningSave {
  momentId: string;
  type: ScreeningType;
  /** When the questionnaire was started (epoch ms). */
  start: number;
  result: ScreeningResult;
}

/**
 * Stores a PHQ-9/GAD-7 result as the patient's moment (the server checks the total and band, and flags the
 * patient high-risk for item 9 above 0 or a severe band), then tells the care team the score. Saving the same
 * momentId again (e.g. with the difficulty answered) updates the result. Without a connection the result waits
 * in the outbox (the server flags it when it arrives) and the care team is told then by the stored result.
 */
export function useSaveScreening(patientId: string | undefined) {
  const save = useSaveMoment(patientId);
  const notify = useNotifyScores();
  return useMutation({
    mutationFn: async ({ momentId, type, start, result }: ScreeningSave) => {
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
      if (!saved.queued) await notify.mutateAsync({ type, total: result.total }).catch(() => undefined);
      return saved;
    },
  });
}
