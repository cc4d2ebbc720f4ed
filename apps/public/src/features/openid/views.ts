import { toProblem } from '@tend/domain';

/** The OpenID landing page's views (spec sections 2 and 4): Loading, then Authorised or Error. */
export type OpenIdView =
  | { kind: 'loading' }
  /** `link`: the app-open link handing the sign-in over to the mobile app. */
  | { kind: 'authorised'; name?: string | undefined; link: string }
  /** `back`: after a failed callback, back to Loading (the callback runs again). */
  | { kind: 'error'; message: string; back?: () => void };

export interface OpenIdQuery {
  state: string | null;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
  lang: string;
}

export function readOpenIdQuery(search: string): OpenIdQuery {
  const params = new URLSearchParams(search);
  return {
    state: params.get('state'),
    code: params.get('code'),
    error: params.get('error'),
    errorDescription: params.get('error_description'),
    lang: params.get('lang') || 'en',
  };
}

/**
 * The first views: an error query parameter shows its description at once (no previous view); otherwise the
 * page is loading while the callback runs.
 */
export function initialViews(query: OpenIdQuery): OpenIdView[] {
  if (query.error !== null) {
    return [{ kind: 'error', message: query.errorDescription?.trim() || query.error }];
  }
  return [{ kind: 'loading' }];
}

/**
 * The text of a failed callback: the server's own words when it answered with them (read through toProblem),
 * else the JSON of the error (spec: the error message, as given).
 */
export function callbackErrorMessage(error: unknown): string {
  if (typeof error === 'string' && error.trim()) return error.trim();
  const problem = toProblem(error);
  if (problem.source === 'api' && problem.serverMessage?.trim()) return problem.serverMessage.trim();
  try {
    const json = JSON.stringify(
      error,
      error instanceof Error ? Object.getOwnPropertyNames(error).filter((key) => key !== 'stack') : undefined,
    );
    if (json && json !== '{}') return json;
  } catch {
    // fall through
  }
  return String(error);
}

/** The name to greet: the user's display name, else the patient record's first name. */
export function authorisedName(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as {
    user?: { displayName?: unknown } | null;
    patientRecord?: { firstName?: unknown } | null;
  };
  const displayName = r.user?.displayName;
  if (typeof displayName === 'string' && displayName.trim()) return displayName.trim();
  const firstName = r.patientRecord?.firstName;
  if (typeof firstName === 'string' && firstName.trim()) return firstName.trim();
  return undefined;
}
