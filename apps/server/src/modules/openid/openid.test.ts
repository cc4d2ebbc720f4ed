// OpenID sign-in per client through HTTP: the development provider (oidc-provider under /oidc, driven
// here like a browser would: authorisation URL → login page → redirect back with a code), then the
// callback's code exchange with openid-client, the created patient and the handover token.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { signInWithCustomToken, type RunningEmulator } from '../../../test/identity/auth-emulator.ts';
import { bearer, identityTestApp, expectContract } from '../../../test/identity/helpers.ts';
import type { TestApp } from '../../../test/helpers.ts';

const identity = identityTestApp();
let emulator: RunningEmulator;
let t: TestApp;
beforeAll(() => ({ emulator, t } = identity));

/** A minimal browser: follows redirects inside the server and keeps cookies; stops at the app's redirect URI. */
class Browser {
  private cookies = new Map<string, string>();

  private remember(response: LightMyRequestResponse): void {
    const set = response.headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [String(set)] : []) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const target = new URL(url, 'http://localhost:8080');
    const response = await t.app.inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: {
        host: 'localhost:8080',
        cookie: this.cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    this.remember(response);
    return response;
  }

  /** Follows redirects that stay on the server; returns the last answer and the URL it stopped at. */
  async follow(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
  ): Promise<{ response: LightMyRequestResponse; url: string }> {
    let response = await this.request(method, url, form);
    let current = new URL(url, 'http://localhost:8080').href;
    for (let hops = 0; hops < 10 && response.statusCode >= 300 && response.statusCode < 400; hops += 1) {
      current = new URL(String(response.headers.location), current).href;
      if (!current.startsWith('http://localhost:8080/')) break;
      response = await this.request('GET', current);
    }
    return { response, url: current };
  }
}

async function loginUrl(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/iams/openid/loginURL?appId=tend-patient&clientID=demo',
  });
  expect(response.statusCode).toBe(200);
  expectContract('getOpenIdLoginUrl', response);
  expect(response.headers['content-type']).toMatch(/^text\/plain/);
  return response.body;
}

/** The browser part: the provider's login page, the demo account, back to the public app with a code. */
async function authorise(browser: Browser, url: string): Promise<URL> {
  const page = await browser.follow('GET', url);
  expect(page.response.statusCode).toBe(200);
  expect(page.url).toMatch(/^http:\/\/localhost:8080\/oidc\/interaction\/[\w-]+$/);
  const action = /action="([^"]+)"/.exec(page.response.body)![1]!;
  const done = await browser.follow('POST', action, { username: 'demo', password: 'Tend-demo-2026' });
  return new URL(done.url);
}

describe('OpenID providers and login URL', () => {
  it('lists the demo client with its provider', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/iams/openid/providers' });
    expect(response.statusCode).toBe(200);
    expectContract('listOpenIdProviders', response);
    expect(response.json()).toEqual({
      providers: [
        {
          clientId: 'demo',
          name: 'Demo Health',
          serviceName: 'Demo Health ID',
          issuer: 'http://localhost:8080/oidc',
        },
      ],
    });
  });

  it('builds the authorisation URL with state, nonce and PKCE, back to the public app', async () => {
    const url = new URL(await loginUrl());
    expect(url.origin + url.pathname).toBe('http://localhost:8080/oidc/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'tend-demo',
      redirect_uri: 'http://localhost:5173/openid/demo',
      response_type: 'code',
      scope: 'openid profile email',
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{20,}$/),
      nonce: expect.stringMatching(/^[\w-]{20,}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/iams/openid/loginURL?appId=tend-patient&clientID=nobody',
    });
    expect(unknown.statusCode).toBe(404);
    expectContract('getOpenIdLoginUrl', unknown);
  });

  it("serves the provider's discovery document under /oidc", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'localhost:8080' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: 'http://localhost:8080/oidc',
      authorization_endpoint: 'http://localhost:8080/oidc/auth',
    });
  });
});

describe('the login page', () => {
  it('refuses a wrong password with a readable message and an accessible form', async () => {
    const browser = new Browser();
    const page = await browser.follow('GET', await loginUrl());
    expect(page.response.body).toContain('<html lang="en">');
    expect(page.response.body).toMatch(/<label for="username">Username<\/label>/);
    expect(page.response.headers['content-security-policy']).toContain(
      "form-action 'self' http://localhost:5173",
    );
    const action = /action="([^"]+)"/.exec(page.response.body)![1]!;
    const wrong = await browser.request('POST', action, { username: 'demo', password: 'wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toContain('The username or password is not correct.');
  });
});

describe('loginCallback', () => {
  it('exchanges the code, creates the patient once, and hands over a single-use token', async () => {
    const browser = new Browser();
    const back = await authorise(browser, await loginUrl());
    expect(back.origin + back.pathname).toBe('http://localhost:5173/openid/demo');
    const state = back.searchParams.get('state')!;
    const code = back.searchParams.get('code')!;

    const url = `/iams/openid/loginCallback?state=${encodeURIComponent(state)}&code=${encodeURIComponent(code)}&clientID=demo`;
    const response = await t.app.inject({ method: 'POST', url });
    expect(response.statusCode).toBe(200);
    expectContract('completeOpenIdLogin', response);
    const result = response.json();
    expect(result).toMatchObject({
      user: { displayName: 'Alex Morgan' },
      patientRecord: { firstName: 'Alex', lastName: 'Morgan' },
    });

    // The state is single use.
    const replay = await t.app.inject({ method: 'POST', url });
    expect(replay.statusCode).toBe(400);
    expectContract('completeOpenIdLogin', replay);
    expect(replay.json().code).toBe('invalid_state');
    expect(replay.json().message).toMatch(/Start the sign-in again/);

    // The handover token signs the new patient in to the patient app's scope.
    const used = await t.app.inject({
      method: 'GET',
      url: `/iams/query-string-token/use?tokenID=${encodeURIComponent(result.handoverToken)}`,
    });
    expect(used.statusCode).toBe(200);
    expect(used.json().scopes).toEqual(['patient']);
    const session = await signInWithCustomToken(emulator.host, used.json().customToken);
    const record = await t.app.inject({
      method: 'GET',
      url: '/iams/account-details/patientrecord',
      headers: bearer(session),
    });
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({
      firstName: 'Alex',
      lastName: 'Morgan',
      organisationId: 'org-tend-health',
    });

    // A second sign-in of the same person finds the same patient (the provider session is remembered).
    const secondBack = new URL((await browser.follow('GET', await loginUrl())).url);
    const second = await t.app.inject({
      method: 'POST',
      url: `/iams/openid/loginCallback?state=${encodeURIComponent(secondBack.searchParams.get('state')!)}&code=${encodeURIComponent(secondBack.searchParams.get('code')!)}&clientID=demo`,
    });
    expect(second.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `/iams/query-string-token/use?tokenID=${encodeURIComponent(second.json().handoverToken)}`,
    });
    expect(again.json().uid).toBe(used.json().uid);
  });

  it('answers a readable 400 for a wrong code, an unknown state or another client', async () => {
    const browser = new Browser();
    const back = await authorise(browser, await loginUrl());
    const state = encodeURIComponent(back.searchParams.get('state')!);
    const wrongClient = await t.app.inject({
      method: 'POST',
      url: `/iams/openid/loginCallback?state=${state}&code=abc&clientID=other`,
    });
    expect(wrongClient.statusCode).toBe(400);
    expect(wrongClient.json().code).toBe('invalid_state');

    const freshBack = await authorise(new Browser(), await loginUrl());
    const wrongCode = await t.app.inject({
      method: 'POST',
      url: `/iams/openid/loginCallback?state=${encodeURIComponent(freshBack.searchParams.get('state')!)}&code=not-the-code&clientID=demo`,
    });
    expect(wrongCode.statusCode).toBe(400);
    expectContract('completeOpenIdLogin', wrongCode);
    expect(wrongCode.json().code).toBe('invalid_code');
    expect(wrongCode.json().message).toMatch(/^The identity provider refused the sign-in/);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/iams/openid/loginCallback?state=unknown&code=abc&clientID=demo',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invalid_state');
  });
});
