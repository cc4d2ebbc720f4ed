import { setRuntimeConfig } from '@tend/config/runtime';
import { http, HttpResponse, delay } from 'msw';
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccountSummary, getGetAccountSummaryQueryOptions } from './generated/account/account.ts';
import { getCustomToken } from './generated/auth/auth.ts';
import { getCloudDocumentTimestamp, putCloudDocument } from './generated/cloud-documents/cloud-documents.ts';
import { getMessageAlertV2, updateMessageAlertV2 } from './generated/message-alerts/message-alerts.ts';
import { createOrganisation } from './generated/organisations/organisations.ts';
import { getOpenIdLoginUrl } from './generated/openid/openid.ts';
import { getMomentContent } from './generated/patient-moments/patient-moments.ts';
import { downloadScheduledReport } from './generated/reporting/reporting.ts';
import { getServerTime, getStatusFile } from './generated/status/status.ts';
import type { AccountSummary, MessageAlert, MessageAlertMessage } from './generated/model/index.ts';
import {
  ApiError,
  apiFetch,
  apiFetchWithResponse,
  configureErrorReporter,
  createQueryClient,
  findOperation,
  reportClientError,
  resetErrorReporter,
  setTokenProvider,
  retryDelay,
  shouldRetry,
  toQueryString,
} from './http.ts';

const API = 'http://api.test';
const STATUS = 'http://status.test';

const server = setupServer();
/** Every POST /error-reporting the fetcher sends. */
let reports: Record<string, unknown>[] = [];
let now = 1_763_772_000_000;

const summary: AccountSummary = {
  uid: 'u1',
  email: 'patient@example.com',
  firstName: 'Pat',
  lastName: 'Ient',
  screenName: null,
  language: 'en-GB',
  scopes: ['patient'],
  mfaEnabled: false,
};
const message: MessageAlertMessage = {
  title: 'Maintenance',
  body: 'Tonight',
  severity: 'info',
  audience: 'everyone',
};

function errorBody(code: string, extra: Record<string, unknown> = {}) {
  return { code, message: `Failure ${code}`, ...extra };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  setRuntimeConfig({ apiRoot: API, statusHost: STATUS });
  setTokenProvider(null);
  resetErrorReporter();
  reports = [];
  now += 10_000; // each test starts outside the previous test's report window
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  server.use(
    http.post(`${API}/error-reporting`, async ({ request }) => {
      reports.push((await request.json()) as Record<string, unknown>);
      return new HttpResponse(null, { status: 204 });
    }),
  );
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

/** Lets the fire-and-forget error report reach the mock server. */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 5));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('authorisation', () => {
  it('sends the provider token as Authorization: Bearer', async () => {
    setTokenProvider(async () => 'id-token-1');
    let seen: string | null = null;
    server.use(
      http.get(`${API}/iams/account-details/summary`, ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json(summary);
      }),
    );
    await expect(getAccountSummary()).resolves.toEqual(summary);
    expect(seen).toBe('Bearer id-token-1');
  });

  it('sends no Authorization header when signed out, or when the provider fails', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${API}/iams/account-details/summary`, ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        return HttpResponse.json(summary);
      }),
    );
    await getAccountSummary();
    setTokenProvider(async () => {
      throw new Error('token refresh failed');
    });
    await getAccountSummary();
    expect(seen).toEqual([null, null]);
  });

  it('does not send a call that needs a session when the provider says signed out: a local 401', async () => {
    setTokenProvider(async () => null);
    let sent = 0;
    server.use(
      http.get(`${API}/iams/account-details/summary`, () => {
        sent += 1;
        return HttpResponse.json(summary);
      }),
    );
    await expect(getAccountSummary()).rejects.toMatchObject({ status: 401, code: 'not_signed_in' });
    expect(sent).toBe(0);
  });

  it('sends the spec headers and repeats array query parameters (scope=a&scope=b)', async () => {
    let url = '';
    let headers: Headers | undefined;
    server.use(
      http.get(`${API}/iams/auth/customToken`, ({ request }) => {
        url = request.url;
        headers = request.headers;
        return HttpResponse.json({ customToken: 'ct', scopes: ['therapist', 'lead-therapist'], uid: 'u1' });
      }),
    );
    const token = await getCustomToken(
      { scope: ['therapist', 'lead-therapist'] },
      { idToken: 'firebase-id-token', mfaChallengeResponse: 'totp:s1:123456' },
    );
    expect(token.customToken).toBe('ct');
    expect(new URL(url).searchParams.getAll('scope')).toEqual(['therapist', 'lead-therapist']);
    expect(headers?.get('idToken')).toBe('firebase-id-token');
    expect(headers?.get('mfaChallengeResponse')).toBe('totp:s1:123456');
    expect(headers?.has('refreshToken')).toBe(false);
  });

  it('sends status-host calls to statusHost without credentials', async () => {
    setTokenProvider(async () => 'id-token-1');
    let auth: string | null = 'unset';
    let t: string | null = null;
    server.use(
      http.get(`${STATUS}/server-status.json`, ({ request }) => {
        auth = request.headers.get('Authorization');
        t = new URL(request.url).searchParams.get('t');
        return HttpResponse.json({
          goingOffline: false,
          offlineTime: null,
          pendingReason: null,
          activeReason: null,
        });
      }),
    );
    await expect(getStatusFile({ t: 42 })).resolves.toMatchObject({ goingOffline: false });
    expect(auth).toBeNull();
    expect(t).toBe('42');
  });
});

describe('ETags', () => {
  it('hands the response ETag to onEtag, sends it back, and maps a stale one to 412 with the current ETag', async () => {
    let current = '"v1"';
    const alert = (): MessageAlert => ({
      id: 'a1',
      message,
      etag: current,
      createdAt: '2026-11-01T10:00:00Z',
      updatedAt: '2026-11-01T10:00:00Z',
    });
    const sent: (string | null)[] = [];
    server.use(
      http.get(`${API}/v2/message-alerts/a1`, () =>
        HttpResponse.json(alert(), { headers: { ETag: current } }),
      ),
      http.put(`${API}/v2/message-alerts/a1`, ({ request }) => {
        const etag = request.headers.get('ETag');
        sent.push(etag);
        if (etag !== current) {
          return HttpResponse.json(
            errorBody('etag_mismatch', { details: { currentEtag: current, current: alert() } }),
            {
              status: 412,
              headers: { ETag: current },
            },
          );
        }
        current = '"v2"';
        return HttpResponse.json(alert(), { headers: { ETag: current } });
      }),
    );

    const etags: (string | null)[] = [];
    const read = await getMessageAlertV2('a1', { onEtag: (e) => etags.push(e) });
    expect(read.etag).toBe('"v1"');
    expect(etags).toEqual(['"v1"']);

    const updated = await updateMessageAlertV2(
      'a1',
      message,
      { ETag: read.etag },
      { onEtag: (e) => etags.push(e) },
    );
    expect(updated.etag).toBe('"v2"');
    expect(etags).toEqual(['"v1"', '"v2"']);

    const stale = await failure(
      updateMessageAlertV2('a1', message, { ETag: '"v1"' }, { onEtag: (e) => etags.push(e) }),
    );
    expect(stale.status).toBe(412);
    expect(stale.code).toBe('etag_mismatch');
    expect(stale.etag).toBe('"v2"');
    expect((stale.details?.current as MessageAlert).etag).toBe('"v2"');
    expect(etags).toEqual(['"v1"', '"v2"', '"v2"']);
    expect(sent).toEqual(['"v1"', '"v1"']);
    await settle();
    expect(reports).toEqual([]);
  });

  it('answers data with its ETag from apiFetchWithResponse and sends options.etag as the ETag header', async () => {
    let sent: string | null = null;
    server.use(
      http.get(`${API}/v2/message-alerts/a2`, ({ request }) => {
        sent = request.headers.get('ETag');
        return HttpResponse.json({ id: 'a2' }, { headers: { ETag: 'W/"7"' } });
      }),
    );
    const response = await apiFetchWithResponse<{ id: string }>(
      { url: '/v2/message-alerts/a2', method: 'GET' },
      { etag: '"6"' },
    );
    expect(response).toMatchObject({ data: { id: 'a2' }, status: 200, etag: 'W/"7"' });
    expect(sent).toBe('"6"');
  });

  it('takes the current ETag from details.currentEtag when a 412 has no header', async () => {
    server.use(
      http.put(`${API}/v2/message-alerts/a3`, () =>
        HttpResponse.json(errorBody('etag_required', { details: { currentEtag: '"9"' } }), { status: 412 }),
      ),
    );
    const error = await failure(updateMessageAlertV2('a3', message, { ETag: '' }));
    expect([error.code, error.etag]).toEqual(['etag_required', '"9"']);
  });
});

describe('responses parsed by the contract', () => {
  it('parses /time (a number as text) as a number', async () => {
    server.use(http.get(`${API}/time`, () => HttpResponse.text('1763772000000')));
    const time = await getServerTime();
    expect(time).toBe(1763772000000);
    expect(typeof time).toBe('number');
  });

  it('parses the text answer of PUT /cloud-document/{name} as a number and the JSON timestamp too', async () => {
    let body: unknown;
    let query = '';
    server.use(
      http.put(`${API}/cloud-document/settings`, async ({ request }) => {
        body = await request.json();
        query = new URL(request.url).search;
        return HttpResponse.text('1763772000123\n');
      }),
      http.get(`${API}/cloud-document/settings/timestamp`, () => HttpResponse.json(1763772000123)),
    );
    await expect(
      putCloudDocument('settings', { theme: 'dark' }, { dataStructureVersion: 2, timestamp: 1763772000123 }),
    ).resolves.toBe(1763772000123);
    expect(body).toEqual({ theme: 'dark' });
    expect(query).toBe('?dataStructureVersion=2&timestamp=1763772000123');
    await expect(getCloudDocumentTimestamp('settings', { dataStructureVersion: 2 })).resolves.toBe(
      1763772000123,
    );
  });

  it('sends a JSON body even when the value is a string', async () => {
    let raw = '';
    let type: string | null = null;
    server.use(
      http.put(`${API}/cloud-document/note`, async ({ request }) => {
        raw = await request.text();
        type = request.headers.get('Content-Type');
        return HttpResponse.text('5');
      }),
    );
    await expect(
      putCloudDocument('note', 'plain text', { dataStructureVersion: 1, timestamp: 5 }),
    ).resolves.toBe(5);
    expect(raw).toBe('"plain text"');
    expect(type).toBe('application/json');
  });

  it('answers text responses as strings, even when they look like JSON or numbers', async () => {
    server.use(
      http.get(`${API}/iams/openid/loginURL`, () =>
        HttpResponse.text('https://idp.test/authorize?state=abc'),
      ),
      http.post(`${API}/organisation`, () => HttpResponse.text('12345', { status: 201 })),
      http.get(`${API}/reporting/report-scheduler/download`, () =>
        HttpResponse.text('organisation,users\n"Acme, Ltd",12\n', {
          headers: { 'Content-Type': 'text/csv' },
        }),
      ),
    );
    await expect(getOpenIdLoginUrl({ appId: 'tend-patient', clientID: 'demo' })).resolves.toBe(
      'https://idp.test/authorize?state=abc',
    );
    await expect(
      createOrganisation({ tubAdminOrganisationDetails: { name: 'Acme' } }, { maxRedemptions: 5 }),
    ).resolves.toBe('12345');
    await expect(downloadScheduledReport()).resolves.toBe('organisation,users\n"Acme, Ltd",12\n');
  });

  it('answers binary content as a Blob and 204 as undefined', async () => {
    server.use(
      http.get(`${API}/patients/p1/moments/m1/content`, () =>
        HttpResponse.arrayBuffer(new Uint8Array([1, 2, 3]).buffer, {
          headers: { 'Content-Type': 'image/png' },
        }),
      ),
      http.get(`${API}/iams/auth/logout`, () => new HttpResponse(null, { status: 204 })),
    );
    const blob = await getMomentContent('p1', 'm1');
    expect(blob).toBeInstanceOf(Blob);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    await expect(apiFetch({ url: '/iams/auth/logout', method: 'GET' })).resolves.toBeUndefined();
  });

  it('fails with invalid_response (and reports it) when a number answer is not a number', async () => {
    server.use(http.get(`${API}/time`, () => HttpResponse.text('soon')));
    const error = await failure(getServerTime());
    expect([error.status, error.code]).toEqual([200, 'invalid_response']);
    await settle();
    expect(reports).toHaveLength(1);
  });

  it('finds the contract operation of a URL, preferring literal segments', () => {
    expect(findOperation('DELETE', '/patients/p1/moments/notes/m1')?.operationId).toBe('deletePatientNote');
    expect(findOperation('GET', '/patients/p1/moments/m1/content')?.operationId).toBe('getMomentContent');
    expect(findOperation('GET', '/organisation/subscription/valid')?.operationId).toBe(
      'getSubscriptionValidity',
    );
    expect(findOperation('GET', '/organisation/o1/subscription')?.operationId).toBe(
      'getOrganisationSubscription',
    );
    expect(findOperation('GET', '/therapist/details/')?.operationId).toBe('getMyTherapistDetails');
    expect(findOperation('GET', '/nowhere')).toBeUndefined();
    expect(toQueryString({ a: [1, 2], b: undefined, c: null, d: true })).toBe('?a=1&a=2&d=true');
  });
});

describe('errors', () => {
  const cases: [number, string, Record<string, unknown>][] = [
    [400, 'invalid_request', { details: { fields: { firstName: "can't be blank" } } }],
    [
      401,
      'mfa_required',
      { options: { options: [{ type: 'totp', id: 's1', label: 'Phone', default: true }] } },
    ],
    [403, 'scope_not_granted', {}],
    [404, 'not_found', {}],
    [409, 'email_in_use', {}],
    [412, 'etag_mismatch', { details: { currentEtag: '"3"' } }],
    [429, 'rate_limited', { details: { retryAfter: 30 } }],
    [500, 'internal', {}],
  ];

  it.each(cases)('maps %i to one ApiError with the contract code', async (status, code, extra) => {
    server.use(
      http.get(`${API}/iams/account-details/summary`, () =>
        HttpResponse.json(errorBody(code, extra), {
          status,
          headers: status === 429 ? { 'Retry-After': '30' } : status === 412 ? { ETag: '"3"' } : {},
        }),
      ),
    );
    const error = await failure(getAccountSummary());
    expect(error).toMatchObject({ name: 'ApiError', status, code, message: `Failure ${code}` });
    expect(error.body).toMatchObject({ code });
    expect(error.operationId).toBe('getAccountSummary');
    if (status === 400) expect(error.details).toEqual({ fields: { firstName: "can't be blank" } });
    if (status === 401) expect(error.mfaOptions?.options[0]?.id).toBe('s1');
    if (status === 412) expect(error.etag).toBe('"3"');
    if (status === 429) expect(error.retryAfter).toBe(30);
    expect(error.isClientError).toBe(status < 500);
    await settle();
    // Only unexpected failures are reported.
    expect(reports).toHaveLength(status >= 500 ? 1 : 0);
  });

  it('reads a Retry-After HTTP date, and falls back to details.retryAfter', async () => {
    server.use(
      http.get(`${API}/iams/account-details/summary`, () =>
        HttpResponse.json(errorBody('rate_limited'), {
          status: 429,
          headers: { 'Retry-After': new Date(now + 90_000).toUTCString() },
        }),
      ),
      http.get(`${API}/iams/mfa/options`, () =>
        HttpResponse.json(errorBody('rate_limited', { details: { retryAfter: 12 } }), { status: 429 }),
      ),
    );
    expect((await failure(getAccountSummary())).retryAfter).toBe(90);
    expect((await failure(apiFetch({ url: '/iams/mfa/options', method: 'GET' }))).retryAfter).toBe(12);
  });

  it('maps a non-JSON failure to http_<status> with the text as message', async () => {
    server.use(
      http.get(`${API}/iams/account-details/summary`, () =>
        HttpResponse.text('Bad gateway from the proxy', { status: 502 }),
      ),
    );
    const error = await failure(getAccountSummary());
    expect([error.status, error.code, error.message]).toEqual([
      502,
      'http_502',
      'Bad gateway from the proxy',
    ]);
  });

  it('maps a network failure to status 0 network_error and reports it', async () => {
    server.use(http.get(`${API}/iams/account-details/summary`, () => HttpResponse.error()));
    const error = await failure(getAccountSummary());
    expect([error.status, error.code]).toEqual([0, 'network_error']);
    await settle();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      reporter: 'web',
      context: { operationId: 'getAccountSummary', status: 0 },
    });
    expect(String(reports[0]!.message)).toContain('GET /iams/account-details/summary');
  });

  it('rejects with the abort reason, not an ApiError, when the request is aborted, and reports nothing', async () => {
    server.use(
      http.get(`${API}/iams/account-details/summary`, async () => {
        await delay('infinite');
        return HttpResponse.json(summary);
      }),
    );
    const controller = new AbortController();
    const pending = getAccountSummary(undefined, controller.signal);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
    await settle();
    expect(reports).toEqual([]);
  });
});

describe('error reporting', () => {
  it('sends at most one report per 1000 ms', async () => {
    server.use(
      http.get(`${API}/iams/account-details/summary`, () =>
        HttpResponse.json(errorBody('internal'), { status: 500 }),
      ),
    );
    await failure(getAccountSummary());
    await settle();
    now += 400;
    await failure(getAccountSummary());
    await settle();
    now += 599; // 999 ms after the first report
    await failure(getAccountSummary());
    await settle();
    expect(reports).toHaveLength(1);
    now += 1; // 1000 ms after the first report
    await failure(getAccountSummary());
    await settle();
    expect(reports).toHaveLength(2);
  });

  it('never reports a failure of the reporter itself', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/error-reporting`, () => {
        calls += 1;
        return HttpResponse.json(errorBody('internal'), { status: 500 });
      }),
    );
    await expect(reportClientError({ message: 'Uncaught exception' })).resolves.toBe(false);
    now += 5_000;
    // Through the generated client too: the failed POST /error-reporting is not reported again.
    await failure(
      apiFetch({ url: '/error-reporting', method: 'POST', data: { message: 'x', reporter: 'y' } }),
    );
    await settle();
    expect(calls).toBe(2);
  });

  it('sends message, reporter, stack, context and the log buffer', async () => {
    configureErrorReporter({ reporter: 'patient', logBuffer: () => ['line 1', 'line 2'] });
    setTokenProvider(async () => 'tok');
    let auth: string | null = null;
    server.use(
      http.post(`${API}/error-reporting`, async ({ request }) => {
        auth = request.headers.get('Authorization');
        reports.push((await request.json()) as Record<string, unknown>);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(
      reportClientError({
        message: 'Navigation failed',
        stack: 'Error: x\n at y',
        context: { route: '/home' },
      }),
    ).resolves.toBe(true);
    expect(reports).toEqual([
      {
        message: 'Navigation failed',
        reporter: 'patient',
        stack: 'Error: x\n at y',
        context: { route: '/home' },
        logBuffer: ['line 1', 'line 2'],
      },
    ]);
    expect(auth).toBe('Bearer tok');
  });
});

describe('createQueryClient', () => {
  it('never retries 4xx and retries network failures and 5xx up to 3 times', () => {
    const clientError = new ApiError({ status: 404, code: 'not_found', message: 'x' });
    const serverError = new ApiError({ status: 503, code: 'unavailable', message: 'x' });
    const network = new ApiError({ status: 0, code: 'network_error', message: 'x' });
    expect(shouldRetry(0, clientError)).toBe(false);
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, serverError))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, network)).toBe(true);
  });

  it('does not retry a network failure while the browser says it is offline, and never pauses a call offline', () => {
    const network = new ApiError({ status: 0, code: 'network_error', message: 'x' });
    const serverError = new ApiError({ status: 503, code: 'unavailable', message: 'x' });
    vi.stubGlobal('navigator', { onLine: false });
    try {
      expect(shouldRetry(0, network)).toBe(false);
      expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(false);
      expect(shouldRetry(0, serverError)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
    const defaults = createQueryClient().getDefaultOptions();
    expect([defaults.queries?.networkMode, defaults.mutations?.networkMode]).toEqual(['always', 'always']);
  });

  it('retries a 429 after its Retry-After (when it is short), never another 4xx; mutations never', () => {
    const soon = new ApiError({ status: 429, code: 'rate_limited', message: 'x', retryAfter: 5 });
    const later = new ApiError({ status: 429, code: 'rate_limited', message: 'x', retryAfter: 600 });
    const unsaid = new ApiError({ status: 429, code: 'rate_limited', message: 'x' });
    expect(shouldRetry(0, soon)).toBe(true);
    expect(shouldRetry(3, soon)).toBe(false);
    expect(shouldRetry(0, later)).toBe(false);
    expect(shouldRetry(0, unsaid)).toBe(true);
    expect(shouldRetry(0, new ApiError({ status: 409, code: 'conflict', message: 'x' }))).toBe(false);
    expect(retryDelay(0, soon)).toBe(5_000);
    expect(
      [0, 1, 2, 5].map((n) =>
        retryDelay(n, new ApiError({ status: 503, code: 'unavailable', message: 'x' })),
      ),
    ).toEqual([1_000, 2_000, 4_000, 30_000]);
    expect(createQueryClient().getDefaultOptions().mutations?.retry).toBe(false);
  });

  it('runs generated query options with the client defaults: one call for a 404, retries for a 500', async () => {
    let calls = 0;
    let status = 404;
    server.use(
      http.get(`${API}/iams/account-details/summary`, () => {
        calls += 1;
        return HttpResponse.json(errorBody(status === 404 ? 'not_found' : 'internal'), { status });
      }),
    );
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ ...getGetAccountSummaryQueryOptions(), retryDelay: 0 }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(calls).toBe(1);
    calls = 0;
    status = 500;
    client.clear();
    await expect(
      client.fetchQuery({ ...getGetAccountSummaryQueryOptions(), retryDelay: 0 }),
    ).rejects.toMatchObject({
      status: 500,
    });
    expect(calls).toBe(4);
  });

  it('fetches again, when the connection returns, a query on screen that failed while offline (fresh data or not)', async () => {
    let calls = 0;
    let fail = false;
    server.use(
      http.get(`${API}/iams/account-details/summary`, () => {
        calls += 1;
        return fail ? HttpResponse.error() : HttpResponse.json(summary);
      }),
    );
    const client = createQueryClient();
    client.mount();
    const options = getGetAccountSummaryQueryOptions();
    const observer = new QueryObserver(client, { ...options, retry: false });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    // Offline, within staleTime: a refetch fails and the loaded data stays.
    fail = true;
    onlineManager.setOnline(false);
    await observer.refetch();
    expect(observer.getCurrentResult()).toMatchObject({ isError: true, data: summary });
    fail = false;
    const before = calls;
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    expect(calls).toBeGreaterThan(before);
    unsubscribe();
    client.unmount();
  });

  it('aborts the request when its query is cancelled', async () => {
    let aborted = false;
    server.use(
      http.get(`${API}/iams/account-details/summary`, async ({ request }) => {
        await new Promise<void>((resolve) => request.signal.addEventListener('abort', () => resolve()));
        aborted = request.signal.aborted;
        return HttpResponse.json(summary);
      }),
    );
    const client = createQueryClient();
    const options = getGetAccountSummaryQueryOptions();
    const pending = client.fetchQuery(options).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 20));
    await client.cancelQueries({ queryKey: options.queryKey });
    const result = await pending;
    expect(result).not.toBeInstanceOf(ApiError);
    await settle();
    expect(aborted).toBe(true);
    expect(reports).toEqual([]);
  });
});
