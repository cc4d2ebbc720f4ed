/**
 * Redirect targets stay inside the app. A target is accepted only when it is a path of this origin: it starts
 * with exactly one `/`, holds no backslash, whitespace or control character, and resolves to the same origin.
 * Everything else (`//evil.com`, `https://…`, `/\evil`, `javascript:…`, `evil.com`) is refused and logged.
 */
const PROBE_ORIGIN = 'https://app.tend.invalid';
const MAX_LENGTH = 2048;
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\\\u2028\u2029\u00a0\ufeff]/;

/** The normalised in-app path (path, query, hash), or null when `value` could leave the app. Never logs. */
export function toInAppPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (FORBIDDEN.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  // A path that normalises to `//…` would be read as a host by the next consumer.
  if (url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Like toInAppPath, but a refusal is logged (console.warn) with what was refused and why it was asked. */
export function safeRedirectPath(value: unknown, context = 'redirect'): string | null {
  const path = toInAppPath(value);
  if (path === null && value !== undefined && value !== null && value !== '') {
    console.warn(
      `Refused ${context} to a target outside the app`,
      JSON.stringify(String(value)).slice(0, 200),
    );
  }
  return path;
}

/**
 * A list of path segments as an absolute in-app path: each segment is URI-encoded, so none can add a host,
 * a scheme or a parent step. Empty, `.` and `..` segments are refused (null). A leading `/` on the first
 * segment is allowed (`['/security', 'enrol']`).
 */
export function segmentsToPath(segments: readonly (string | number)[]): string | null {
  if (segments.length === 0) return null;
  const parts: string[] = [];
  for (const [index, raw] of segments.entries()) {
    let segment = String(raw);
    if (index === 0 && segment.startsWith('/') && !segment.startsWith('//')) segment = segment.slice(1);
    if (segment === '' || segment === '.' || segment === '..') return null;
    parts.push(encodeURIComponent(segment));
  }
  return toInAppPath(`/${parts.join('/')}`);
}

/** The query parameter that carries where to go back to after sign-in. */
export const RETURN_TO_PARAM = 'returnTo';

/** `/authentication/login?returnTo=<path>` (returnTo omitted when it is not a safe in-app path). */
export function loginPathFor(loginPath: string, returnTo: string | null | undefined): string {
  const back = toInAppPath(returnTo);
  if (!back || back === loginPath || back.startsWith(`${loginPath}?`) || back === '/') return loginPath;
  return `${loginPath}?${new URLSearchParams({ [RETURN_TO_PARAM]: back }).toString()}`;
}

/** The validated returnTo of a search string (`?returnTo=…`); `fallback` when absent or refused (logged). */
export function returnToFrom(search: string, fallback = '/'): string {
  const raw = new URLSearchParams(search).get(RETURN_TO_PARAM);
  if (raw === null) return fallback;
  return safeRedirectPath(raw, 'returnTo') ?? fallback;
}
