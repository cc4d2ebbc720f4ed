import { Alert, Loader, Text, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProblemAlert, toProblem } from '@tend/core';
import { useTranslation } from '@tend/i18n';

/** What Loaded reads of a query (a data hook's answer). */
export interface LoadingQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

interface LoadedProps<T> {
  query: LoadingQuery<T>;
  /** The screen's own words for the failure, in place of the problem's message. */
  failed?: string;
  /** The spinner's size (default Mantine's). */
  size?: MantineSize;
  /** The content, once there is data. */
  children: (data: T) => ReactNode;
}

/**
 * One query's states as the patient's pages and sections show them: a spinner while it loads, the problem
 * with a retry when it failed with nothing to show (a failed refetch keeps what was shown), then the content.
 */
export function Loaded<T>({ query, failed, size, children }: LoadedProps<T>) {
  const { t } = useTranslation('patient');
  if (query.isPending) return <Loader size={size} role="progressbar" aria-label={t('ui.loading')} />;
  if (query.isError && query.data === undefined) return <LoadFailed query={query} failed={failed} />;
  return query.data === undefined ? null : children(query.data);
}

/** A read that failed: its problem, said in the screen's own words (`failed`) when given, with a retry. */
export function LoadFailed({
  query,
  failed,
  children,
}: {
  query: Pick<LoadingQuery<unknown>, 'error' | 'refetch'>;
  failed?: string;
  children?: ReactNode;
}) {
  return (
    <ProblemAlert problem={toProblem(query.error)} message={failed} onRetry={() => void query.refetch()}>
      {children}
    </ProblemAlert>
  );
}

/**
 * A query's state beside content the caller shows whenever there is data: a small spinner while it loads, and
 * its problem with a retry, quietly (grey: what was shown before stays).
 */
export function QueryStatus({ query }: { query: LoadingQuery<unknown> }) {
  const { t } = useTranslation('patient');
  return (
    <>
      {query.isPending ? <Loader size="sm" role="progressbar" aria-label={t('ui.loading')} /> : null}
      {query.error ? (
        <Alert color="gray" variant="light">
          <LoadFailed query={query} />
        </Alert>
      ) : null}
    </>
  );
}

/**
 * A read that failed: `notFound` in plain words when the server answered one of `missing` (there is nothing
 * there for this patient), else the problem, said in `failed`, with a retry.
 */
export function ReadProblem({
  query,
  notFound,
  failed,
  missing = ['not_found'],
}: {
  query: Pick<LoadingQuery<unknown>, 'error' | 'refetch'>;
  notFound: string;
  failed: string;
  missing?: string[];
}) {
  const problem = toProblem(query.error);
  return missing.includes(problem.code) ? (
    <Text>{notFound}</Text>
  ) : (
    <LoadFailed query={query} failed={failed} />
  );
}
