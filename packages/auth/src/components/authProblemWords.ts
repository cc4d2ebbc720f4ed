import { useCallback } from 'react';
import type { Problem, ProblemAlertProps } from '@tend/core';
import { authProblemOf, shownProblem, type AuthProblem } from '../flow/problems.ts';
import { useAuthTranslation } from '../i18n.ts';

/**
 * The sign-in wording of a problem, as the props of the domain's one ProblemAlert (announced, attempts left,
 * when to try again): `<ProblemAlert {...worded(problem)} />`. Takes the flow's AuthProblem or a Problem
 * (useSubmit's).
 */
export function useAuthProblemWords(): (
  problem: AuthProblem | Problem | null | undefined,
) => Pick<ProblemAlertProps, 'problem' | 'message'> {
  const { ta } = useAuthTranslation();
  return useCallback(
    (problem) => {
      const worded = problem ? ('kind' in problem ? authProblemOf(problem) : problem) : undefined;
      return worded
        ? { problem: shownProblem(worded), message: ta(`errors.${worded.key}`) }
        : { problem: null };
    },
    [ta],
  );
}
