/**
 * The sign-in flow as a small state machine, independent of React and of Firebase: everything it talks to
 * comes in as ports, so it is unit-tested with fakes and driven by the login page through useSignInFlow().
 *
 *   credentials ──password ok──▶ customToken(scopes, idToken) ──token──▶ signedIn
 *                                      │ 401 mfa_required (+ options)
 *                                      ▼
 *                                     mfa ──code──▶ challenge response ──▶ customToken(…, mfaChallengeResponse) ──▶ signedIn
 *
 * Problems stay on the step where they happened, translated by key, with attempts left and the time the
 * user may try again when the server says. The password is never kept in the state.
 */
import type { AuthUser } from '../session/types.ts';
import {
  challengeResponseHeader,
  defaultOption,
  normaliseCode,
  optionsOfError,
  sameOption,
  type MfaOption,
} from './mfaOptions.ts';
import { toProblem } from '@tend/core';
import { describeProblem, problem, type AuthProblem } from './problems.ts';

export interface SignInPorts {
  /** Firebase: e-mail and password; resolves with the ID token of that (not yet authorised) sign-in. */
  signInWithPassword(email: string, password: string): Promise<string>;
  /** A fresh ID token of the password sign-in (the first one may be stale by the time the code is typed). */
  currentIdToken(): Promise<string | undefined>;
  /** Server: `GET /iams/auth/customToken` with the app's scopes; throws the ApiError on refusal. */
  requestCustomToken(request: {
    idToken: string;
    scopes: readonly string[];
    mfaChallengeResponse?: string | undefined;
  }): Promise<string>;
  /** Server: `GET /iams/mfa/options` (used when mfa_required does not list them). */
  mfaOptions(): Promise<MfaOption[]>;
  /** Server: sends the e-mail challenge's code (GET /iams/mfa/email/challenge); its id answers the challenge. */
  sendEmailCode(): Promise<{ challengeId: string }>;
  /** Firebase: signInWithCustomToken, then the user with the granted scopes. */
  signInWithCustomToken(customToken: string): Promise<AuthUser>;
  /** Firebase: drops the half-finished sign-in. */
  signOut(): Promise<void>;
  now(): number;
}

/** The scopes an app asks for: all of `required`; each of `optional` only if the user holds it. */
export interface ScopeRequest {
  required: readonly string[];
  optional?: readonly string[];
}

export interface SignInFlowOptions {
  scopes: ScopeRequest;
}

/** A session is the app's only when it holds every required scope (a patient at the therapist console is not). */
export function grantsApp(user: Pick<AuthUser, 'scopes'>, scopes: ScopeRequest): boolean {
  return scopes.required.every((s) => user.scopes.includes(s));
}

interface Base {
  busy: boolean;
  problem?: AuthProblem | undefined;
  email: string;
}

export type SignInState =
  | (Base & { step: 'credentials' })
  | (Base & {
      step: 'mfa';
      options: MfaOption[];
      method: MfaOption;
      /** When the last e-mail code was sent (epoch ms). */
      emailCodeSentAt?: number | undefined;
      /** The challenge the last e-mail code belongs to. */
      emailChallengeId?: string | undefined;
    })
  /** A therapist or admin without a second factor: set one up (TotpEnrolment), then enrolled(). */
  | (Base & { step: 'enrol' })
  | { step: 'signedIn'; busy: false; email: string; user: AuthUser; problem?: undefined };

export interface SignInFlow {
  getState(): SignInState;
  subscribe(listener: (state: SignInState) => void): () => void;
  submitCredentials(email: string, password: string): Promise<void>;
  chooseMethod(option: MfaOption): Promise<void>;
  sendEmailCode(): Promise<void>;
  submitCode(code: string): Promise<void>;
  /** After enrolment: asks for a code of the new second factor (the enrolment's code is used up). */
  enrolled(): Promise<void>;
  /** Back to the credentials (signs the half-finished sign-in out). */
  restart(): Promise<void>;
}

export function createSignInFlow(ports: SignInPorts, options: SignInFlowOptions): SignInFlow {
  let state: SignInState = { step: 'credentials', busy: false, email: '' };
  const listeners = new Set<(s: SignInState) => void>();
  const set = (next: SignInState) => {
    state = next;
    for (const l of listeners) l(state);
  };
  const optional = options.scopes.optional ?? [];
  // Optional scopes the server refused once are not asked for again by this flow.
  let asked: string[] = [...options.scopes.required, ...optional];

  async function requestToken(idToken: string, mfaChallengeResponse?: string): Promise<string> {
    try {
      return await ports.requestCustomToken({ idToken, scopes: asked, mfaChallengeResponse });
    } catch (error) {
      const refusal = toProblem(error);
      const refused = refusal.code === 'scope_not_granted' ? refusal.details?.scopes : undefined;
      if (
        Array.isArray(refused) &&
        refused.length > 0 &&
        refused.every((s) => optional.includes(s as string))
      ) {
        const fewer = asked.filter((s) => !refused.includes(s));
        if (fewer.length < asked.length && fewer.length > 0) {
          asked = fewer;
          return requestToken(idToken, mfaChallengeResponse);
        }
      }
      throw error;
    }
  }
  const describe = (error: unknown) => describeProblem(error, ports.now());
  const locked = () => state.problem?.retryAt !== undefined && state.problem.retryAt > ports.now();

  async function finish(customToken: string) {
    const user = await ports.signInWithCustomToken(customToken);
    if (!grantsApp(user, options.scopes)) throw problem('wrongPortal');
    set({ step: 'signedIn', busy: false, email: state.email, user });
  }

  async function abandon(email: string, p?: AuthProblem) {
    try {
      await ports.signOut();
    } catch (error) {
      console.warn('Could not sign the unfinished sign-in out', error);
    }
    set({ step: 'credentials', busy: false, email, problem: p });
  }

  async function sendEmail(): Promise<void> {
    if (state.step !== 'mfa') return;
    const at = state;
    set({ ...at, busy: true, problem: undefined });
    try {
      const { challengeId } = await ports.sendEmailCode();
      if (state.step === 'mfa') {
        set({ ...state, busy: false, emailCodeSentAt: ports.now(), emailChallengeId: challengeId });
      }
    } catch (error) {
      if (state.step === 'mfa') set({ ...state, busy: false, problem: describe(error) });
    }
  }

  async function enterMfa(email: string, error: unknown) {
    const required = error === undefined ? undefined : toProblem(error);
    let list = optionsOfError(required?.mfaOptions, required?.details);
    if (list.length === 0) list = await ports.mfaOptions();
    const first = defaultOption(list);
    if (!first) {
      set({ step: 'enrol', busy: false, email });
      return;
    }
    set({ step: 'mfa', busy: false, email, options: list, method: first });
    if (first.type === 'email') await sendEmail();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async submitCredentials(rawEmail, password) {
      if (state.busy || state.step !== 'credentials') return;
      const email = rawEmail.trim();
      if (locked()) return;
      asked = [...options.scopes.required, ...optional];
      set({ step: 'credentials', busy: true, email });
      let passwordOk = false;
      try {
        const idToken = await ports.signInWithPassword(email, password);
        passwordOk = true;
        try {
          await finish(await requestToken(idToken));
        } catch (error) {
          const { code } = toProblem(error);
          if (code === 'mfa_enrolment_required') set({ step: 'enrol', busy: false, email });
          else if (code === 'mfa_required') await enterMfa(email, error);
          else throw error;
        }
      } catch (error) {
        const p = describe(error);
        if (passwordOk) await abandon(email, p);
        else set({ step: 'credentials', busy: false, email, problem: p });
      }
    },

    async chooseMethod(option) {
      if (state.step !== 'mfa' || state.busy) return;
      const chosen = state.options.find((o) => sameOption(o, option));
      if (!chosen || sameOption(chosen, state.method)) return;
      set({ ...state, method: chosen, problem: undefined });
      if (chosen.type === 'email' && state.step === 'mfa' && state.emailCodeSentAt === undefined)
        await sendEmail();
    },

    sendEmailCode: sendEmail,

    async submitCode(rawCode) {
      if (state.step !== 'mfa' || state.busy || locked()) return;
      const code = normaliseCode(rawCode);
      if (!code) {
        set({ ...state, problem: problem('codeFormat') });
        return;
      }
      const at = state;
      set({ ...at, busy: true, problem: undefined });
      try {
        const response = challengeResponseHeader(at.method, code, at.emailChallengeId);
        if (!response) throw problem('codeExpired');
        const idToken = await ports.currentIdToken();
        if (!idToken) throw problem('sessionExpired');
        await finish(await requestToken(idToken, response));
      } catch (error) {
        const p = describe(error);
        if (p.key === 'sessionExpired' || p.key === 'wrongPortal' || p.key === 'accountDisabled') {
          await abandon(at.email, p);
        } else if (state.step === 'mfa') {
          set({ ...state, busy: false, problem: p });
        }
      }
    },

    async enrolled() {
      if (state.step !== 'enrol' || state.busy) return;
      const email = state.email;
      set({ step: 'enrol', busy: true, email });
      try {
        await enterMfa(email, undefined);
      } catch (error) {
        set({ step: 'enrol', busy: false, email, problem: describe(error) });
      }
    },

    async restart() {
      const email = state.email;
      if (state.step === 'mfa' || state.step === 'enrol') await abandon(email);
      set({ step: 'credentials', busy: false, email });
    },
  };
}
