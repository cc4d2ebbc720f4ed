import { Alert } from '@mantine/core';
import { useEffect, useState } from 'react';
import { getLocale } from '@tend/i18n';
import type { AuthProblem } from '../flow/problems.ts';
import { useAuthTranslation } from '../i18n.ts';

/** Re-renders when `until` passes (to re-enable a form after Retry-After). */
export function useUntil(until: number | undefined): boolean {
  const [, setTick] = useState(0);
  const active = until !== undefined && until > Date.now();
  useEffect(() => {
    if (until === undefined) return;
    const ms = until - Date.now();
    if (ms <= 0) return;
    const id = setTimeout(() => setTick((n) => n + 1), Math.min(ms + 50, 2_147_000_000));
    return () => clearTimeout(id);
  }, [until]);
  return active;
}

/** A sign-in or MFA problem: translated message, attempts left and when to try again. Announced (role=alert). */
export function ProblemAlert({ problem, id }: { problem: AuthProblem | undefined; id?: string }) {
  const { ta } = useAuthTranslation();
  if (!problem) return null;
  const time =
    problem.retryAt === undefined
      ? undefined
      : new Intl.DateTimeFormat(getLocale(), { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
          new Date(problem.retryAt),
        );
  return (
    <Alert color="red" role="alert" id={id} title={ta('errors.title')}>
      {ta(`errors.${problem.key}`)}
      {problem.attemptsLeft !== undefined && problem.key !== 'tooManyAttempts' ? (
        <> {ta('errors.attemptsLeft', { count: problem.attemptsLeft })}</>
      ) : null}
      {time ? <> {ta('errors.retryAt', { time })}</> : null}
    </Alert>
  );
}
