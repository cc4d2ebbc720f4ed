import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../src/db/seed-data.ts';
import { signEmailToken } from '../src/modules/email/tokens.ts';
import { envLimit, RATE_LIMITS } from '../src/http/rate-limits.ts';
import { loadConfig } from '../src/config.ts';
import { createSeededTestApp, createTestApp, testUser } from './helpers.ts';
import { fileTestApp } from './file-app.ts';
import type { OperateOptions } from './operate.ts';

const { t, op } = fileTestApp(createSeededTestApp);

/** A request the contract's check does not see (a refusal, a malformed input, a development-only path). */
const raw = (
  user: string | null,
  method: InjectOptions['method'],
  url: string,
  payload?: InjectOptions['payload'],
) => t.app.inject({ method, url, payload, headers: testUser(user) });

describe('status', () => {
  it('acknowledges the lifecycle hooks', async () => {
    for (const operationId of ['warmupInstance', 'startInstance', 'stopInstance']) {
      const { res, body } = await op(null, operationId);
      expect(res.statusCode).toBe(200);
      expect(body).toEqual({ status: 'ok' });
    }
  });

  it('reports online without a maintenance window, then the window set by the admin service', async () => {
    const { body } = await op(null, 'getServerStatus');
    expect(body).toEqual({ goingOffline: false, offlineTime: null, pendingReason: null, activeReason: null });
    const at = Date.now() + 3_600_000;
    await t.app.tend.status.setWindow({ at, reason: 'Database upgrade' });
    const going = await op(null, 'getStatusFile', { query: { t: String(Date.now()) } });
    expect(going.res.headers['cache-control']).toBe('no-store');
    expect(going.body).toEqual({
      goingOffline: true,
      offlineTime: at,
      pendingReason: 'Database upgrade',
      activeReason: null,
    });
    await t.app.tend.status.setWindow({ at: Date.now() - 1000, reason: 'Database upgrade' });
    const offline = await op(null, 'getServerStatus');
    expect(offline.body).toMatchObject({
      goingOffline: true,
      pendingReason: null,
      activeReason: 'Database upgrade',
    });
    await t.app.tend.status.clearWindow();
    expect((await op(null, 'getServerStatus')).body.goingOffline).toBe(false);
  });

  it('sets and clears the window of a running server through the development-only /dev/server-status', async () => {
    const at = Date.now() + 120_000;
    const set = await raw(null, 'PUT', '/dev/server-status', { at, reason: 'Upgrade' });
    expect(set.json()).toEqual({
      goingOffline: true,
      offlineTime: at,
      pendingReason: 'Upgrade',
      activeReason: null,
    });
    expect((await raw(null, 'GET', '/server-status')).json().offlineTime).toBe(at);
    expect((await raw(null, 'PUT', '/dev/server-status', { at: 'soon' })).statusCode).toBe(400);
    const cleared = await raw(null, 'DELETE', '/dev/server-status');
    expect(cleared.json().goingOffline).toBe(false);
  });

  it('takes the window from the environment when no admin window is set', async () => {
    const at = Date.now() + 60_000;
    const env = await createTestApp({ config: { maintenance: { at, reason: 'Planned maintenance' } } });
    try {
      const res = await env.app.inject({ method: 'GET', url: '/server-status' });
      expect(res.json()).toEqual({
        goingOffline: true,
        offlineTime: at,
        pendingReason: 'Planned maintenance',
        activeReason: null,
      });
    } finally {
      await env.close();
    }
  });

  it('answers the time as epoch milliseconds in text', async () => {
    const before = Date.now();
    const { res } = await op(null, 'getServerTime');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(Number(res.body)).toBeGreaterThanOrEqual(before);
    expect(Number(res.body)).toBeLessThanOrEqual(Date.now());
  });
});

describe('config', () => {
  it('serves the client config and the public backend-service config', async () => {
    const client = await op(null, 'getClientConfig');
    expect(client.body.crisisLines.some((l: { phone: string }) => l.phone === '116 123')).toBe(true);
    const pub = await op(null, 'getBackendServiceConfigPublic');
    expect(pub.body).toMatchObject({ environment: 'test', region: 'eu', functionsRegion: 'europe-west1' });
  });

  it('serves the signed-in backend-service config only with a token', async () => {
    expect((await raw(null, 'GET', '/backend-service-config/json')).statusCode).toBe(401);
    const { body } = await op('bare', 'getBackendServiceConfig');
    expect(body.settings).toEqual({ uid: 'patient-05', scopes: [] });
  });

  it('wraps the public config in a validated JSONP callback', async () => {
    const { res } = await op(null, 'getBackendServiceConfigJsonp', {
      params: { callbackName: 'tend.onConfig' },
    });
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    const match = /^\/\*\*\/ tend\.onConfig\((.*)\);$/.exec(res.body);
    expect(JSON.parse(match![1]!)).toMatchObject({ region: 'eu' });
    for (const bad of ['alert(1)', '1abc', 'a-b', '%3Cscript%3E', 'x'.repeat(65)]) {
      const r = await raw(null, 'GET', `/backend-service-config/jsonp/${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().code).toBe('invalid_callback');
    }
  });

  it('answers remote-config values and scheme configurations, 404 for unknown ones', async () => {
    const value = await op(null, 'getRemoteConfigValue', { params: { key: 'minimumAppVersion' } });
    expect(value.body).toEqual({ key: 'minimumAppVersion', value: '1.0.0' });
    const missing = await op(null, 'getRemoteConfigValue', { params: { key: 'nope' } });
    expect(missing.res.statusCode).toBe(404);
    await t.db
      .insertInto('remote_config')
      .values({ kind: 'value', key: 'chatEnabled', value: JSON.stringify(false) })
      .execute();
    const scheme = await op(null, 'getRemoteConfig', { params: { scheme: 'tend-beta' } });
    expect(scheme.body.values).toMatchObject({
      chatEnabled: false,
      latestAppVersion: '1.5.0-beta',
      minimumAppVersion: '1.0.0',
    });
    expect(await op.status(null, 'getRemoteConfig', { params: { scheme: 'other' } })).toBe(404);
  });

  it('answers the region from X-Country-Code (GB without it)', async () => {
    const region = async (country?: string) =>
      (await op(null, 'getRegion', { headers: country ? { 'x-country-code': country } : {} })).body;
    expect(await region()).toEqual({ country: 'GB', region: 'eu', allowed: true });
    expect(await region('au')).toEqual({ country: 'AU', region: 'au', allowed: true });
    expect((await region('US')).allowed).toBe(false);
    expect(
      (await t.app.inject({ method: 'GET', url: '/regions', headers: { 'x-country-code': 'USA' } }))
        .statusCode,
    ).toBe(400);
  });

  it('a development server simulates a country for callers that name none (TEND_SIMULATE_COUNTRY)', async () => {
    const dev = await createTestApp({ config: { simulatedCountry: 'US' } });
    try {
      const answer = await dev.app.inject({ method: 'GET', url: '/regions' });
      expect(answer.json()).toEqual({ country: 'US', region: 'eu', allowed: false });
      // A named country still wins.
      const named = await dev.app.inject({
        method: 'GET',
        url: '/regions',
        headers: { 'x-country-code': 'IE' },
      });
      expect(named.json()).toMatchObject({ country: 'IE', allowed: true });
    } finally {
      await dev.close();
    }
    expect(loadConfig({ TEND_SIMULATE_COUNTRY: 'us' }).simulatedCountry).toBe('US');
    expect(() => loadConfig({ TEND_SIMULATE_COUNTRY: 'USA' })).toThrow(/TEND_SIMULATE_COUNTRY/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        TEND_SECRET: 'x'.repeat(32),
        SMTP_HOST: 'smtp',
        TEND_SIMULATE_COUNTRY: 'US',
      }),
    ).toThrow(/TEND_SIMULATE_COUNTRY: development and tests only/);
  });

  it('stores error reports, anonymous or signed in', async () => {
    const report = {
      message: 'Uncaught exception',
      reporter: 'patient:ErrorBoundary',
      stack: 'Error: x\n  at y',
      context: { route: '/journal' },
      logBuffer: ['a', 'b'],
    };
    expect(await op.status(null, 'reportError', { payload: report })).toBe(204);
    await op('admin', 'reportError', { payload: { message: 'Navigation failed', reporter: 'admin:router' } });
    const rows = await t.db
      .selectFrom('error_reports')
      .select(['uid', 'message', 'context', 'log_buffer'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { uid: null, message: 'Uncaught exception', context: { route: '/journal' }, log_buffer: ['a', 'b'] },
      { uid: 'admin-1', message: 'Navigation failed', context: null, log_buffer: null },
    ]);
  });
});

describe('cloud documents', () => {
  /** Writes a user's document of that structure version, stamped `timestamp` (JSON sent as text). */
  const put = (user: string, name: string, version: number, timestamp: number, content: unknown) =>
    op(user, 'putCloudDocument', {
      params: { name },
      query: { dataStructureVersion: String(version), timestamp: String(timestamp) },
      payload: JSON.stringify(content),
      headers: { 'content-type': 'application/json' },
    });
  /** Reads a user's document of that structure version. */
  const get = (user: string, name: string, version = 1) =>
    op(user, 'getCloudDocument', { params: { name }, query: { dataStructureVersion: String(version) } });
  /** The timestamp of a user's document of structure version 1 (0: none). */
  const timestampOf = async (user: string, name: string) =>
    (
      await op(user, 'getCloudDocumentTimestamp', {
        params: { name },
        query: { dataStructureVersion: '1' },
      })
    ).body;

  it('writes, reads and times a document per user and structure version', async () => {
    expect(await timestampOf('patient', 'settings')).toBe(0);
    expect((await get('patient', 'settings')).res.statusCode).toBe(404);
    const written = await put('patient', 'settings', 1, 1000, { theme: 'dark', reminders: [8, 20] });
    expect(written.res.headers['content-type']).toMatch(/^text\/plain/);
    expect(written.res.body).toBe('1000');
    const read = await get('patient', 'settings');
    expect(read.body).toEqual({
      name: 'settings',
      content: { theme: 'dark', reminders: [8, 20] },
      timestamp: 1000,
      dataStructureVersion: 1,
    });
    // Another structure version and another user are separate documents.
    expect((await get('patient', 'settings', 2)).res.statusCode).toBe(404);
    expect((await get('patient2', 'settings')).res.statusCode).toBe(404);
    expect(await timestampOf('patient', 'settings')).toBe(1000);
  });

  it('keeps the newer write: an older timestamp answers 409 stale_timestamp and changes nothing', async () => {
    await put('therapist', 'prefs', 1, 5000, ['a']);
    const stale = await put('therapist', 'prefs', 1, 4000, ['old']);
    expect(stale.res.statusCode).toBe(409);
    expect(stale.body).toMatchObject({ code: 'stale_timestamp', details: { timestamp: 5000 } });
    const newer = await put('therapist', 'prefs', 1, 6000, 'a string is JSON too');
    expect(newer.res.body).toBe('6000');
    const read = await get('therapist', 'prefs');
    expect(read.body.content).toBe('a string is JSON too');
  });

  it('writes conditionally on the version read (expectedTimestamp): a save made meanwhile elsewhere is never overwritten', async () => {
    const putIf = (expected: number, timestamp: number, content: unknown) =>
      op('patient2', 'putCloudDocument', {
        params: { name: 'plan' },
        query: {
          dataStructureVersion: '1',
          timestamp: String(timestamp),
          expectedTimestamp: String(expected),
        },
        payload: JSON.stringify(content),
        headers: { 'content-type': 'application/json' },
      });
    expect((await putIf(0, 100, { v: 'first' })).res.body).toBe('100');
    // A second "new document" write finds one stored: refused, with the stored version.
    const second = await putIf(0, 200, { v: 'other device' });
    expect(second.res.statusCode).toBe(409);
    expect(second.body).toMatchObject({ code: 'stale_timestamp', details: { timestamp: 100 } });
    // Device A saves on the version it read; device B, which read the same version, saves later in time: refused.
    expect((await putIf(100, 300, { v: 'device A' })).res.body).toBe('300');
    const b = await putIf(100, 400, { v: 'device B' });
    expect(b.res.statusCode).toBe(409);
    expect(b.body.details).toEqual({ timestamp: 300 });
    const read = await get('patient2', 'plan');
    expect(read.body).toMatchObject({ content: { v: 'device A' }, timestamp: 300 });
    // B merges and saves on the version it now knows.
    expect((await putIf(300, 500, { v: 'merged' })).res.body).toBe('500');
  });

  it('needs a signed-in user', async () => {
    expect((await raw(null, 'GET', '/cloud-document/settings?dataStructureVersion=1')).statusCode).toBe(401);
  });
});

describe('contact requests', () => {
  /** The stored row of a contact request. */
  const requestRow = (id: string) =>
    t.db.selectFrom('contact_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Sends a contact request, expects it accepted (202), and waits for the mail that names it. */
  const sendAccepted = async (operationId: string, options: OperateOptions) => {
    const { res, body } = await op(null, operationId, options);
    expect(res.statusCode).toBe(202);
    const mail = await t.mailer.catcher!.waitFor((m) => m.text.includes(body.requestId));
    return { requestId: body.requestId as string, mail };
  };

  it('stores an access request, mails the team and acknowledges a contactable visitor', async () => {
    const { res, body } = await op(null, 'requestAccess', {
      params: { type: 'organisation' },
      query: { message: 'We are a GP practice', email: 'lead@practice.example', isContactable: 'true' },
    });
    expect(res.statusCode).toBe(202);
    expect(body.status).toBe('accepted');
    const team = await t.mailer.catcher!.waitFor(
      (m) => m.to.includes(t.config.teamEmail) && m.text.includes(body.requestId),
    );
    expect(team.subject).toMatch(/^Access request \(organisation\)/);
    expect(team.text).toContain('We are a GP practice');
    await t.mailer.catcher!.waitFor((m) => m.to.includes('lead@practice.example'));
    expect(await requestRow(body.requestId)).toMatchObject({
      kind: 'access',
      type: 'organisation',
      email: 'lead@practice.example',
      is_contactable: true,
    });
  });

  it('takes a callback request with a valid contact token and callback group', async () => {
    const { requestId, mail } = await sendAccepted('requestCallback', {
      query: { token: DEMO.contactToken, callbackGroup: 'clinical' },
      payload: {
        name: 'Jo Bloggs',
        phone: '+44 7700 900123',
        preferredTime: 'after 5pm',
        notes: '<b>please</b> call',
      },
    });
    expect(mail.subject).toMatch(/^Callback request for clinical/);
    expect(mail.text).toContain('+44 7700 900123');
    expect(mail.html).toContain('&lt;b&gt;please&lt;/b&gt;');
    expect(await requestRow(requestId)).toMatchObject({
      kind: 'callback',
      callback_group: 'clinical',
      contact_token: DEMO.contactToken,
    });
  });

  it('refuses an unknown or expired contact token with 403 invalid_token', async () => {
    const unknown = await op(null, 'requestCheckIn', {
      query: { token: 'nope' },
      payload: { name: 'A', message: 'Hello' },
    });
    expect(unknown.res.statusCode).toBe(403);
    expect(unknown.body.code).toBe('invalid_token');
    await t.db
      .insertInto('contact_tokens')
      .values({
        token: 'expired-token',
        client_id: 'demo',
        organisation_id: null,
        label: 'old page',
        expires_at: new Date(Date.now() - 1000),
      })
      .execute();
    const expired = await op(null, 'requestCallback', {
      query: { token: 'expired-token', callbackGroup: 'g' },
      payload: { name: 'A', phone: '0123456789' },
    });
    expect(expired.res.statusCode).toBe(403);
  });

  it('takes a check-in request with the token', async () => {
    const { mail } = await sendAccepted('requestCheckIn', {
      query: { token: DEMO.contactToken },
      payload: {
        name: 'Sam',
        message: 'Could someone check in with me this week?',
        preferredContact: 'email',
        email: 'sam@example.org',
      },
    });
    expect(mail.subject).toMatch(/^Check-in request/);
    expect(mail.to).toEqual([t.config.teamEmail]);
  });
});

describe('e-mail subscriptions and welfare e-mails', () => {
  /** The stored subscription of an address, if any. */
  const subscriptionOf = (email: string) =>
    t.db.selectFrom('email_subscriptions').selectAll().where('email', '=', email).executeTakeFirst();

  it('subscribes with a confirmation mail whose link unsubscribes', async () => {
    const { body } = await op(null, 'subscribeEmail', { params: { email: 'News.Reader@Example.com' } });
    expect(body).toEqual({ email: 'news.reader@example.com', subscribed: true });
    const mail = await t.mailer.catcher!.waitFor((m) => m.to.includes('news.reader@example.com'));
    const link = /\/email\/update\/jwt\/([A-Za-z0-9._-]+)/.exec(mail.text)![1]!;
    const { res } = await op(null, 'updateEmailByJwt', { params: { token: link } });
    expect(res.body).toMatch(/^You are unsubscribed/);
    const row = await subscriptionOf('news.reader@example.com');
    expect(row).toBeDefined();
    expect(row!.subscribed).toBe(false);
  });

  it('unsubscribes idempotently, the same for unknown addresses', async () => {
    const unsubscribe = async (email: string) =>
      (await op(null, 'unsubscribeEmail', { params: { email } })).body;
    await op(null, 'subscribeEmail', { params: { email: 'a@example.com' } });
    for (let i = 0; i < 2; i++) {
      expect(await unsubscribe('a@example.com')).toEqual({ email: 'a@example.com', subscribed: false });
    }
    expect(await unsubscribe('nobody@example.com')).toEqual({
      email: 'nobody@example.com',
      subscribed: false,
    });
    expect(await subscriptionOf('nobody@example.com')).toBeUndefined();
  });

  it('re-subscribes by a signed link and refuses forged or expired links', async () => {
    const token = await signEmailToken(t.config.secret, 'back@example.com', 'subscribe');
    expect((await op(null, 'updateEmailByJwt', { params: { token } })).res.body).toMatch(
      /^You are subscribed/,
    );
    const forged = await signEmailToken(
      'another-secret-of-at-least-32-characters!',
      'back@example.com',
      'unsubscribe',
    );
    const expired = await signEmailToken(t.config.secret, 'back@example.com', 'unsubscribe', -10);
    for (const bad of [forged, expired, 'not-a-jwt']) {
      const { res, body } = await op(null, 'updateEmailByJwt', { params: { token: bad } });
      expect(res.statusCode).toBe(400);
      expect(body.code).toBe('invalid_token');
    }
  });

  it('rejects addresses that are not e-mail addresses', async () => {
    const res = await raw(null, 'PUT', '/email/subscribe/not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toHaveProperty('email');
  });

  it('sends a welfare e-mail from a patient to each address, escaping their message', async () => {
    const { res } = await op('patient', 'sendWelfareEmail', {
      payload: {
        targetEmailAddresses: ['friend@example.org', 'sister@example.org'],
        careFirstStyleEmail: true,
        personalMessage: 'Call me <soon>',
      },
    });
    expect(res.statusCode).toBe(202);
    for (const to of ['friend@example.org', 'sister@example.org']) {
      const mail = await t.mailer.catcher!.waitFor((m) => m.to.includes(to));
      expect(mail.subject).toBe('Sam Taylor would like you to check in');
      expect(mail.html).toContain('Call me &lt;soon&gt;');
    }
    const rows = await t.db.selectFrom('welfare_emails').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      uid: 'patient-01',
      care_first_style: true,
      target_emails: ['friend@example.org', 'sister@example.org'],
    });
  });

  it('previews exactly the welfare e-mail that is then sent, sending nothing itself', async () => {
    const payload = {
      targetEmailAddresses: ['cousin@example.org'],
      careFirstStyleEmail: false,
      personalMessage: 'Could you ring me tonight?',
    };
    const preview = await op('patient', 'previewOwnWelfareEmail', { payload });
    expect(preview.res.statusCode).toBe(200);
    expect(preview.body.subject).toBe('Sam Taylor would like you to check in');
    expect(preview.body.text).toContain('Their message to you:\nCould you ring me tonight?');
    expect(t.mailer.catcher!.list('cousin@example.org')).toEqual([]);
    await op('patient', 'sendWelfareEmail', { payload });
    const mail = await t.mailer.catcher!.waitFor((m) => m.to.includes('cousin@example.org'));
    expect({ subject: mail.subject, text: mail.text.trim() }).toEqual({
      subject: preview.body.subject,
      text: preview.body.text.trim(),
    });
    expect((await raw(null, 'POST', '/social/welfareEmail/preview', payload)).statusCode).toBe(401);
    expect((await raw('admin', 'POST', '/social/welfareEmail/preview', payload)).statusCode).toBe(403);
  });

  it('allows welfare e-mails only to patients and therapists, to at most five unique addresses', async () => {
    const payload = { targetEmailAddresses: ['x@example.org'], careFirstStyleEmail: false };
    expect((await raw(null, 'POST', '/social/welfareEmail', payload)).statusCode).toBe(401);
    expect((await raw('admin', 'POST', '/social/welfareEmail', payload)).json().code).toBe(
      'scope_not_granted',
    );
    const six = {
      ...payload,
      targetEmailAddresses: ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `${x}@example.org`),
    };
    expect((await raw('therapist', 'POST', '/social/welfareEmail', six)).statusCode).toBe(400);
    const dup = { ...payload, targetEmailAddresses: ['x@example.org', 'x@example.org'] };
    expect((await raw('therapist', 'POST', '/social/welfareEmail', dup)).statusCode).toBe(400);
  });
});

describe('rate limits on contact, subscribe and error reporting', () => {
  it('are set per operation (twenty times the production limit outside production)', async () => {
    const cases: Array<[InjectOptions, number]> = [
      [
        { method: 'POST', url: '/contact/action/request-access/patient?message=hi&email=a%40example.com' },
        10,
      ],
      [{ method: 'PUT', url: '/email/subscribe/rl%40example.com' }, 20],
      [{ method: 'PUT', url: '/email/unsubscribe/rl%40example.com' }, 20],
      [{ method: 'POST', url: '/error-reporting', payload: { message: 'm', reporter: 'r' } }, 120],
    ];
    for (const [options, production] of cases) {
      const res = await t.app.inject(options);
      expect(res.statusCode, options.url as string).toBeLessThan(300);
      expect(Number(res.headers['x-ratelimit-limit']), options.url as string).toBe(production * 20);
    }
    expect(envLimit(RATE_LIMITS.CONTACT, 'production')).toEqual(RATE_LIMITS.CONTACT);
    expect(
      (await t.app.inject({ method: 'GET', url: '/time' })).headers['x-ratelimit-limit'],
    ).toBeUndefined();
  });
});
