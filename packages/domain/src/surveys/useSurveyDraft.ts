import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, loadDraft, saveDraft } from './drafts.ts';
import {
  clampStep,
  keptAnswers,
  type SurveyAnswer,
  type SurveyAnswers,
  type SurveyContent,
} from './model.ts';

export interface SurveyDraftState {
  /** False until the kept draft (if any) has been read. */
  ready: boolean;
  answers: SurveyAnswers;
  step: number;
  /** The person had started this survey before (their answers came back from the device). */
  resumed: boolean;
  /** The device could not keep the answers (no IndexedDB): they last as long as the page. */
  unkept: boolean;
}

/**
 * A survey's answers and step, kept on the device as they change (loadDraft/saveDraft), so the person
 * carries on where they stopped. Writes go one after another, the newest last.
 */
export function useSurveyDraft(userId: string | undefined, urlSuffix: string, survey: SurveyContent) {
  const [state, setState] = useState<SurveyDraftState>({
    ready: false,
    answers: {},
    step: 0,
    resumed: false,
    unkept: false,
  });
  const latest = useRef(state);
  latest.current = state;
  const writes = useRef<Promise<void>>(Promise.resolve());
  const surveyRef = useRef(survey);
  surveyRef.current = survey;

  useEffect(() => {
    if (!userId) return;
    let live = true;
    loadDraft(userId, urlSuffix).then(
      (draft) => {
        if (!live) return;
        const s = surveyRef.current;
        setState({
          ready: true,
          answers: keptAnswers(s, draft?.answers ?? {}),
          step: clampStep(s, draft?.step ?? 0),
          resumed: draft !== undefined,
          unkept: false,
        });
      },
      () => live && setState({ ready: true, answers: {}, step: 0, resumed: false, unkept: true }),
    );
    return () => {
      live = false;
    };
  }, [userId, urlSuffix]);

  const keep = useCallback(
    (next: Pick<SurveyDraftState, 'answers' | 'step'>) => {
      setState((s) => ({ ...s, ...next }));
      if (!userId) return;
      writes.current = writes.current
        .then(() => saveDraft({ userId, urlSuffix, answers: next.answers, step: next.step }))
        .catch(() => setState((s) => ({ ...s, unkept: true })));
    },
    [userId, urlSuffix],
  );

  const setAnswer = useCallback(
    (questionId: string, answer: SurveyAnswer | undefined) => {
      const answers = { ...latest.current.answers };
      if (answer === undefined) delete answers[questionId];
      else answers[questionId] = answer;
      latest.current = { ...latest.current, answers };
      keep({ answers, step: latest.current.step });
    },
    [keep],
  );

  const setStep = useCallback(
    (step: number) => {
      const next = clampStep(surveyRef.current, step);
      latest.current = { ...latest.current, step: next };
      keep({ answers: latest.current.answers, step: next });
    },
    [keep],
  );

  /** Forgets the kept answers (once the response is stored). */
  const clear = useCallback(async () => {
    if (!userId) return;
    await writes.current;
    await clearDraft(userId, urlSuffix).catch(() => undefined);
  }, [userId, urlSuffix]);

  return { ...state, setAnswer, setStep, clear };
}
