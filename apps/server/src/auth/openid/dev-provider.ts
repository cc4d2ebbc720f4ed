// A real OpenID provider for development (oidc-provider), mounted in the server under /oidc: it serves
// the client `demo` (client_id tend-demo) and one demo account. Its login page is a plain, accessible
// form (user `demo`, password `Tend-demo-2026`); consent is granted automatically for our own client.
// Never registered in production (see ../index.ts). State is in memory: restarting the server ends
// provider sessions, which is fine for development.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import type { Account, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { constantTimeEqual, keyedHash } from '../crypto.ts';

export const DEV_OIDC_PATH = '/oidc';
export const DEV_OIDC_CLIENT = 'demo';
export const DEV_OIDC_CLIENT_ID = 'tend-demo';
export const DEV_OIDC_LOGIN = { username: 'demo', password: 'Tend-demo-2026' } as const;

export const DEV_OIDC_ACCOUNT = {
  sub: 'demo-health-0001',
  name: 'Alex Morgan',
  given_name: 'Alex',
  family_name: 'Morgan',
  email: 'alex.morgan@demo-health.example',
  email_verified: true,
} as const;

export interface DevProviderSettings {
  issuer: string;
  /** Where the public app receives the answer: `${publicUrl}/openid/demo`. */
  redirectUris: string[];
  /** Server secret: derives the client secret and the provider's cookie keys. */
  secret: string;
}

/** The client secret of `tend-demo`, derived from the server secret (so seed and provider agree). */
export function devClientSecret(secret: string): string {
  return keyedHash(secret, 'oidc-demo-client', DEV_OIDC_CLIENT_ID);
}

export async function createDevProvider(settings: DevProviderSettings): Promise<Provider> {
  // Loaded only here: production never loads the development provider.
  const { default: Provider } = await import('oidc-provider');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'tend-dev-1' };
  const provider = new Provider(settings.issuer, {
    clients: [
      {
        client_id: DEV_OIDC_CLIENT_ID,
        client_secret: devClientSecret(settings.secret),
        client_name: 'Demo Health',
        redirect_uris: settings.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx: KoaContextWithOIDC, id: string): Promise<Account | undefined> {
      if (id !== DEV_OIDC_ACCOUNT.sub) return undefined;
      return { accountId: id, claims: () => ({ ...DEV_OIDC_ACCOUNT }) };
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name'],
      email: ['email', 'email_verified'],
    },
    cookies: { keys: [keyedHash(settings.secret, 'oidc-cookies', 'v1')] },
    jwks: { keys: [jwk] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${DEV_OIDC_PATH}/interaction/${interaction.uid}` },
    // Our own client: consent is implied (first party), so no consent page.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result, provider: p } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return p.Grant.find(grantId);
      const grant = new p.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    ttl: {
      Session: 3600,
      Interaction: 600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Grant: 3600,
    },
  });
  return provider;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function loginPage(uid: string, clientName: string, error: string | null): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – Demo Health</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f6f8; color: #1d2733; margin: 0; }
  main { max-width: 24rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.5rem; margin-top: 0; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #5b6773; border-radius: 4px; }
  button { margin-top: 1.5rem; width: 100%; padding: .7rem; font-size: 1rem; background: #1f5f8b; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f2b705; outline-offset: 2px; }
  .error { color: #a4161a; font-weight: 600; }
  .hint { color: #4a5560; font-size: .9rem; }
</style>
</head>
<body>
<main>
  <h1>Demo Health sign-in</h1>
  <p>Sign in to continue to ${escapeHtml(clientName)}.</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="${DEV_OIDC_PATH}/interaction/${encodeURIComponent(uid)}/login" autocomplete="off">
    <label for="username">Username</label>
    <input id="username" name="username" autocomplete="username" required autofocus>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button type="submit">Sign in</button>
  </form>
  <p class="hint">Development identity provider. Demo account: <strong>demo</strong> / <strong>Tend-demo-2026</strong>.</p>
</main>
</body>
</html>`;
}

/** The form on the login page may post, and its redirects may go back to the apps. */
function pageCsp(redirectUris: string[]): string {
  const origins = [...new Set(redirectUris.map((u) => new URL(u).origin))].join(' ');
  return `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${origins}; frame-ancestors 'none'; base-uri 'none'`;
}

/**
 * Mounts the provider under /oidc: its own endpoints (discovery, auth, token, jwks, userinfo…) are
 * handed the raw request untouched; the interaction (login) pages are ordinary routes.
 */
export async function registerDevProvider(
  app: FastifyInstance,
  provider: Provider,
  settings: DevProviderSettings,
): Promise<void> {
  const handle = provider.callback();
  const csp = pageCsp(settings.redirectUris);

  await app.register(async (scope) => {
    // The provider reads bodies itself: no parsing here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      (_request: FastifyRequest, _payload: unknown, done: (err: Error | null, body?: unknown) => void) =>
        done(null),
    );
    const forward = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(DEV_OIDC_PATH.length) || '/';
      handle(raw, reply.raw as ServerResponse);
    };
    // Everything under /oidc but the interaction pages (more specific routes, registered below).
    scope.all(`${DEV_OIDC_PATH}/*`, forward);
  });

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    const page = (reply: FastifyReply, status: number, html: string) =>
      reply
        .code(status)
        .header('content-security-policy', csp)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(html);

    /** The sign-in under way, or null once a page saying it has expired is sent. */
    const interaction = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        page(
          reply,
          400,
          '<!doctype html><html lang="en"><head><title>Sign-in expired</title></head><body><main><h1>This sign-in has expired</h1><p>Go back to the app and start again.</p></main></body></html>',
        );
        return null;
      }
    };

    scope.get<{ Params: { uid: string } }>(`${DEV_OIDC_PATH}/interaction/:uid`, async (request, reply) => {
      const details = await interaction(request, reply);
      if (!details) return reply;
      if (details.uid !== request.params.uid)
        return reply.code(400).send({ code: 'bad_request', message: 'Interaction mismatch.' });
      if (details.prompt.name === 'login') return page(reply, 200, loginPage(details.uid, 'Tend', null));
      // Consent is implied for our own client (loadExistingGrant); anything else is not supported here.
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, {
        error: 'access_denied',
        error_description: `Unsupported prompt ${details.prompt.name}.`,
      });
      return reply;
    });

    scope.post<{ Params: { uid: string }; Body: Record<string, string> | undefined }>(
      `${DEV_OIDC_PATH}/interaction/:uid/login`,
      async (request, reply) => {
        const details = await interaction(request, reply);
        if (!details) return reply;
        const username = String(request.body?.username ?? '').trim();
        const password = String(request.body?.password ?? '');
        const ok =
          constantTimeEqual(username.toLowerCase(), DEV_OIDC_LOGIN.username) &&
          constantTimeEqual(password, DEV_OIDC_LOGIN.password);
        if (!ok)
          return page(reply, 401, loginPage(details.uid, 'Tend', 'The username or password is not correct.'));
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: DEV_OIDC_ACCOUNT.sub } },
          { mergeWithLastSubmission: false },
        );
        return reply;
      },
    );
  });
}
