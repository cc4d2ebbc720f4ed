// OpenID sign-in per client (tenant): the authorisation URL (code flow with PKCE, state and nonce kept
// server-side, single use, 10 minutes) and the callback's code exchange with openid-client.
import type { Selectable } from 'kysely';
import * as oidc from 'openid-client';
import type { Db } from '../../db/index.ts';
import type { OpenidClientsTable } from '../../db/tables/identity.ts';
import { IdentityError, notFound } from '../errors.ts';

export const OPENID_STATE_TTL_MS = 10 * 60_000;

/** The columns of an OpenID client that sign-in reads. */
const CLIENT_COLUMNS = ['id', 'display_name', 'issuer', 'client_id', 'client_secret', 'scopes'] as const;

export type OpenIdClientRow = Pick<Selectable<OpenidClientsTable>, (typeof CLIENT_COLUMNS)[number]>;

/** Fetch implementations for issuers served by this very process (the development provider). */
const inProcess = new Map<string, oidc.CustomFetch>();
const configurations = new Map<string, Promise<oidc.Configuration>>();

/** Routes the HTTP calls to `issuer` through `fetchImpl` (used for the embedded development provider). */
export function registerInProcessIssuer(issuer: string, fetchImpl: oidc.CustomFetch): void {
  inProcess.set(issuer, fetchImpl);
  for (const key of configurations.keys()) if (key.startsWith(`${issuer} `)) configurations.delete(key);
}

function configurationOf(client: OpenIdClientRow): Promise<oidc.Configuration> {
  const key = `${client.issuer} ${client.client_id}`;
  let pending = configurations.get(key);
  if (!pending) {
    const options: oidc.DiscoveryRequestOptions = { timeout: 10 };
    const fetchImpl = inProcess.get(client.issuer);
    if (fetchImpl) options[oidc.customFetch] = fetchImpl;
    if (new URL(client.issuer).protocol === 'http:') options.execute = [oidc.allowInsecureRequests];
    pending = oidc.discovery(
      new URL(client.issuer),
      client.client_id,
      client.client_secret ?? undefined,
      client.client_secret ? oidc.ClientSecretBasic(client.client_secret) : oidc.None(),
      options,
    );
    // A failed discovery is retried on the next call.
    pending.catch(() => configurations.delete(key));
    configurations.set(key, pending);
  }
  return pending;
}

export async function enabledClients(db: Db): Promise<OpenIdClientRow[]> {
  return db
    .selectFrom('openid_clients')
    .select(CLIENT_COLUMNS)
    .where('enabled', '=', true)
    .orderBy('id')
    .execute();
}

async function clientById(db: Db, id: string): Promise<OpenIdClientRow> {
  const row = await db
    .selectFrom('openid_clients')
    .select(CLIENT_COLUMNS)
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound(`There is no OpenID sign-in for the client "${id}".`);
  return row;
}

function providerUnavailable(error: unknown): IdentityError {
  const detail = error instanceof Error ? error.message : String(error);
  return new IdentityError(
    502,
    'openid_provider_unavailable',
    'The identity provider cannot be reached. Try again later.',
    {
      reason: detail.slice(0, 200),
    },
  );
}

/** The provider's authorisation URL; the answer comes back to `${publicUrl}/openid/${client}`. */
export async function loginUrl(
  deps: { db: Db; publicUrl: string; now: number },
  clientId: string,
): Promise<string> {
  const client = await clientById(deps.db, clientId);
  let config: oidc.Configuration;
  try {
    config = await configurationOf(client);
  } catch (error) {
    throw providerUnavailable(error);
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const redirectUri = `${deps.publicUrl}/openid/${encodeURIComponent(client.id)}`;
  await deps.db
    .insertInto('openid_states')
    .values({
      state,
      client: client.id,
      code_verifier: codeVerifier,
      nonce,
      redirect_uri: redirectUri,
      expires_at: deps.now + OPENID_STATE_TTL_MS,
      used_at: null,
    })
    .execute();
  await deps.db
    .deleteFrom('openid_states')
    .where('expires_at', '<', deps.now - OPENID_STATE_TTL_MS)
    .execute();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: client.scopes,
    response_type: 'code',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return url.href;
}

export interface OpenIdLoginResult {
  subject: string;
  email: string | null;
  user: { displayName: string };
  patientRecord: { firstName: string; lastName: string };
}

/** Exchanges the code of an authorisation answer; the state must be ours, unused, fresh and for this client. */
export async function loginCallback(
  deps: { db: Db; now: number },
  input: { state: string; code: string; clientID: string },
): Promise<OpenIdLoginResult> {
  const row = await deps.db
    .updateTable('openid_states')
    .set({ used_at: deps.now })
    .where('state', '=', input.state)
    .where('used_at', 'is', null)
    .where('expires_at', '>', deps.now)
    .returning(['client', 'code_verifier', 'nonce', 'redirect_uri'])
    .executeTakeFirst();
  if (!row || row.client !== input.clientID) {
    throw new IdentityError(
      400,
      'invalid_state',
      'This sign-in has expired or was already used, or it was started elsewhere. Start the sign-in again.',
    );
  }
  const client = await clientById(deps.db, row.client);
  let config: oidc.Configuration;
  try {
    config = await configurationOf(client);
  } catch (error) {
    throw providerUnavailable(error);
  }
  const answer = new URL(row.redirect_uri);
  answer.searchParams.set('code', input.code);
  answer.searchParams.set('state', input.state);
  // The state is bound to this client's issuer server-side, so the issuer of the answer is known (RFC 9207).
  answer.searchParams.set('iss', config.serverMetadata().issuer);
  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, answer, {
      pkceCodeVerifier: row.code_verifier,
      expectedState: input.state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('no ID token');
    const info = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    claims = { ...idClaims, ...info };
  } catch (error) {
    throw exchangeFailed(error);
  }
  const firstName = typeof claims.given_name === 'string' ? claims.given_name : '';
  const lastName = typeof claims.family_name === 'string' ? claims.family_name : '';
  const displayName =
    typeof claims.name === 'string' && claims.name
      ? claims.name
      : [firstName, lastName].filter(Boolean).join(' ') || String(claims.sub);
  const email =
    typeof claims.email === 'string' && claims.email_verified === true ? claims.email.toLowerCase() : null;
  return {
    subject: String(claims.sub),
    email,
    user: { displayName },
    patientRecord: { firstName, lastName },
  };
}

function exchangeFailed(error: unknown): IdentityError {
  if (error instanceof oidc.ResponseBodyError) {
    const reason = (error.error_description ?? error.error).replace(/[.\s]+$/, '');
    return new IdentityError(
      400,
      'invalid_code',
      `The identity provider refused the sign-in (${reason}). Start the sign-in again.`,
      {
        error: error.error,
      },
    );
  }
  if (error instanceof oidc.ClientError || error instanceof oidc.AuthorizationResponseError) {
    return new IdentityError(
      400,
      'invalid_code',
      `The sign-in answer is not valid (${error.message.replace(/[.\s]+$/, '')}). Start the sign-in again.`,
    );
  }
  return providerUnavailable(error);
}
