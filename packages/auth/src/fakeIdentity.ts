/**
 * Test doubles for the apps' unit tests (`@tend/auth/testing`): a Firebase stand-in that knows a few accounts
 * and accepts the custom tokens `fakeCustomToken` makes (an MSW customToken handler answers one). No real
 * Firebase, no network; the server calls stay the generated ones (mocked with MSW).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { IdentityPort } from './session/firebase.ts';
import type { AuthUser } from './session/types.ts';

export interface FakeAccount {
  uid: string;
  email: string;
  password: string;
}

/** The custom token a fake server mints: the session's user as JSON. */
export function fakeCustomToken(user: {
  uid: string;
  email: string | null;
  scopes: readonly string[];
  reauthAt?: number | null;
}): string {
  return JSON.stringify({ fake: 'custom-token', ...user });
}

/** The ID token of a fake password sign-in, as a fake server sees it in the idToken header. */
export function fakePasswordIdToken(uid: string): string {
  return `password-id-token:${uid}`;
}

export interface FakeIdentity extends IdentityPort {
  /** The session's user (null when signed out). */
  current(): AuthUser | null;
}

export function createFakeIdentity(
  accounts: readonly FakeAccount[],
  initial: AuthUser | null = null,
): FakeIdentity {
  let user = initial;
  const listeners = new Set<(u: AuthUser | null) => void>();
  const emit = () => listeners.forEach((l) => l(user));
  return {
    current: () => user,
    onSessionChanged(listener) {
      listeners.add(listener);
      queueMicrotask(() => listener(user));
      return () => listeners.delete(listener);
    },
    async passwordSignIn(email, password) {
      const account = accounts.find((a) => a.email === email.trim().toLowerCase());
      if (!account || account.password !== password) {
        throw Object.assign(new Error('INVALID_LOGIN_CREDENTIALS'), { code: 'auth/invalid-credential' });
      }
      return { idToken: async () => fakePasswordIdToken(account.uid), dispose: async () => undefined };
    },
    async signInWithCustomToken(token) {
      let parsed: {
        fake?: string;
        uid: string;
        email: string | null;
        scopes: string[];
        reauthAt?: number | null;
      };
      try {
        parsed = JSON.parse(token) as typeof parsed;
      } catch {
        throw Object.assign(new Error('INVALID_CUSTOM_TOKEN'), { code: 'auth/invalid-custom-token' });
      }
      if (parsed.fake !== 'custom-token')
        throw Object.assign(new Error('INVALID_CUSTOM_TOKEN'), { code: 'auth/invalid-custom-token' });
      user = {
        uid: parsed.uid,
        email: parsed.email,
        scopes: parsed.scopes,
        signedInAt: Date.now(),
        reauthAt: parsed.reauthAt ?? Date.now(),
      };
      emit();
      return user;
    },
    async getIdToken() {
      return user ? `session-id-token:${user.uid}` : undefined;
    },
    async signOut() {
      user = null;
      emit();
    },
  };
}

// ───────────── a fake identity server (MSW) for the apps' tests ─────────────

export interface FakeServerAccount extends FakeAccount {
  /** Scopes the user may be granted. */
  scopes: readonly string[];
  /** The second factor, with the one code it accepts. */
  mfa?:
    | { type: 'totp'; id: string; label: string; code: string }
    | { type: 'email'; label: string; code: string };
  /**
   * Must set up a second factor first (403 mfa_enrolment_required): enrolment creates secret `new-secret`,
   * confirmed by the code `111111`; sign-in then accepts `222222`.
   */
  enrolFirst?: boolean;
}

/** The secret a fake enrolment hands out (base32). */
export const FAKE_ENROLMENT_SECRET = 'JBSWY3DPEHPK3PXP';

const EMAIL_CHALLENGE_ID = 'challenge-1';

function errorBody(status: number, code: string, extra: Record<string, unknown> = {}) {
  return HttpResponse.json({ code, message: code, ...extra }, { status });
}

/**
 * MSW handlers answering the identity calls as the server does: customToken (scopes, 403 scope_not_granted,
 * 401 mfa_required with options, 401 mfa_invalid with attempts left), the e-mail challenge and logout.
 * Custom tokens are fakeCustomToken()s, which createFakeIdentity accepts.
 */
export function fakeIdentityServer(accounts: readonly FakeServerAccount[]): {
  handlers: HttpHandler[];
  emailsSent: () => number;
  logouts: () => number;
} {
  let emails = 0;
  let logouts = 0;
  let attemptsLeft = 5;
  // Enrolment changes an account: work on copies.
  const state = accounts.map((a) => ({ ...a }));
  const redeemed = new Set<string>();
  const byToken = (token: string | null) => state.find((a) => token === fakePasswordIdToken(a.uid));
  // The bearer is the password sign-in (during sign-in) or the session (createFakeIdentity's ID token).
  const bearer = (request: Request) => {
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
    return byToken(token) ?? state.find((a) => token === `session-id-token:${a.uid}`);
  };
  const optionOf = (account: FakeServerAccount) =>
    account.mfa?.type === 'totp'
      ? { type: 'totp', id: account.mfa.id, label: account.mfa.label, default: true }
      : account.mfa
        ? { type: 'email', id: 'email', label: account.mfa.label, default: true }
        : undefined;
  const handlers = [
    http.get('*/iams/auth/customToken', ({ request }) => {
      const account = byToken(request.headers.get('idToken'));
      if (!account) return errorBody(401, 'invalid_token');
      const requested = new URL(request.url).searchParams.getAll('scope');
      const refused = requested.filter((s) => !account.scopes.includes(s));
      if (refused.length > 0) return errorBody(403, 'scope_not_granted', { details: { scopes: refused } });
      const response = request.headers.get('mfaChallengeResponse');
      if (account.enrolFirst && !account.mfa)
        return errorBody(403, 'mfa_enrolment_required', { details: { options: [] } });
      if (account.mfa) {
        const option = optionOf(account);
        if (!response) return errorBody(401, 'mfa_required', { options: { options: [option] } });
        const expected = `${account.mfa.type}:${account.mfa.type === 'totp' ? account.mfa.id : EMAIL_CHALLENGE_ID}:${account.mfa.code}`;
        if (response !== expected) {
          attemptsLeft = Math.max(0, attemptsLeft - 1);
          return errorBody(401, 'mfa_invalid', { details: { attemptsLeft } });
        }
      }
      return HttpResponse.json({
        customToken: fakeCustomToken({ uid: account.uid, email: account.email, scopes: requested }),
        scopes: requested,
        uid: account.uid,
      });
    }),
    http.get('*/iams/mfa/email/challenge', () => {
      emails++;
      const account = accounts.find((a) => a.mfa?.type === 'email');
      return HttpResponse.json({
        challengeId: EMAIL_CHALLENGE_ID,
        sentTo: account?.mfa?.label ?? 'x***@example.com',
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
      });
    }),
    http.get('*/iams/mfa/options', ({ request }) => {
      const account = bearer(request);
      if (!account) return errorBody(401, 'unauthenticated');
      const option = optionOf(account);
      return HttpResponse.json({ options: option ? [option] : [] });
    }),
    http.post('*/iams/mfa/otp/secrets', async ({ request }) => {
      const account = bearer(request);
      if (!account) return errorBody(401, 'unauthenticated');
      const { label } = (await request.json()) as { label: string };
      return HttpResponse.json(
        {
          id: 'new-secret',
          label,
          secret: FAKE_ENROLMENT_SECRET,
          otpauthUri: `otpauth://totp/Tend:${encodeURIComponent(account.email)}?secret=${FAKE_ENROLMENT_SECRET}&issuer=Tend`,
        },
        { status: 201 },
      );
    }),
    http.post('*/iams/mfa/otp/challenge-response', async ({ request }) => {
      const account = bearer(request);
      if (!account) return errorBody(401, 'unauthenticated');
      const { otpSecretId, code } = (await request.json()) as { otpSecretId: string; code: string };
      if (otpSecretId !== 'new-secret' || code !== '111111')
        return errorBody(401, 'mfa_invalid', { details: { attemptsLeft: 4 } });
      if (!account.mfa) account.mfa = { type: 'totp', id: 'new-secret', label: 'New', code: '222222' };
      return HttpResponse.json({ verified: true, configurationId: 'new-secret' });
    }),
    // A hand-over `handover-<uid>-<anything>` signs that account in with its scopes, once.
    http.post('*/iams/auth/handover', async ({ request }) => {
      const { handover } = (await request.json()) as { handover: string };
      const account = state.find((a) => handover.startsWith(`handover-${a.uid}-`) && !redeemed.has(handover));
      if (!account) return errorBody(401, 'invalid_token');
      redeemed.add(handover);
      return HttpResponse.json({
        customToken: fakeCustomToken({ uid: account.uid, email: account.email, scopes: account.scopes }),
        scopes: account.scopes,
        uid: account.uid,
      });
    }),
    http.get('*/iams/auth/logout', () => {
      logouts++;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, emailsSent: () => emails, logouts: () => logouts };
}
