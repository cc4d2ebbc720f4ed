import { ProblemAlert as DomainProblemAlert, type Problem } from '@tend/domain';
import { authProblemOf, shownProblem, type AuthProblem } from '../flow/problems.ts';
import { useAuthTranslation } from '../i18n.ts';

/**
 * A sign-in or MFA problem: the domain's ProblemAlert (announced, attempts left, when to try again) with the
 * sign-in wording of the problem. Takes the flow's AuthProblem or a Problem (useSubmit's).
 */
export function ProblemAlert({
  problem,
  id,
}: {
  problem: AuthProblem | Problem | null | undefined;
  id?: string;
}) {
  const { ta } = useAuthTranslation();
  const worded = problem ? ('kind' in problem ? authProblemOf(problem) : problem) : undefined;
  return (
    <DomainProblemAlert
      id={id}
      problem={worded ? shownProblem(worded) : null}
      message={worded ? ta(`errors.${worded.key}`) : undefined}
    />
  );
}
