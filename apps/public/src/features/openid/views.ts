/** The OpenID landing page's views (spec sections 2 and 4): Loading, then Authorised or Error. */
export type OpenIdView =
  | { kind: 'loading' }
  | { kind: 'authorised'; name?: string | undefined }
  | { kind: 'error'; message: string };

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

/** The text of a failed callback: the server's error text, else the JSON of the error. */
export function callbackErrorMessage(error: unknown): string {
  const text = serverErrorText(error);
  if (text) return text;
  try {
    const json = JSON.stringify(error, error instanceof Error ? Object.getOwnPropertyNames(error).filter((key) => key !== 'stack') : undefined);
    if (json && json !== '{}') return json;
  } catch {
    // fall through
  }
  return String(error);
}

function serverErrorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error.trim() || undefined;
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { data?: unknown; body?: unknown; response?: unknown };
  for (const body of [candidate.data, candidate.body, candidate.response]) {
    if (typeof body === 'string' && body.trim()) return body.trim();
    if (typeof body === 'object' && body !== null) {
      const fields = body as { message?: unknown; error_description?: unknown; error?: unknown; reason?: unknown };
      for (const value of [fields.message, fields.error_description, fields.reason, fields.error]) {
        if (typeof value === 'string' && value.trim()) return value.trim();
      }
    }
  }
  return undefined;
}

/** The name to greet: the user's display name, else the patient record's first name. */
export function authorisedName(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as { user?: { displayName?: unknown } | null; patientRecord?: { firstName?: unknown } | null };
  const displayName = r.user?.displayName;
  if (typeof displayName === 'string' && displayName.trim()) return displayName.trim();
  const firstName = r.patientRecord?.firstName;
  if (typeof firstName === 'string' && firstName.trim()) return firstName.trim();
  return undefined;
}
