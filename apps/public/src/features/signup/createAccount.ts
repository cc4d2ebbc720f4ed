import { createUserWithEmailAndPassword, signInWithCustomToken, type Auth } from 'firebase/auth';
import type { CustomToken, JoinEmailChallenge, JoinRequest, JoinResult } from '@tend/api/model';
import { toProblem } from '@tend/core';

/** The calls of the sign-up, as the domain's account and join subjects give them (a port, so tests can fake it). */
export interface SignupCalls {
  /** The new account signs the calls that follow (its Firebase ID token as the bearer). */
  actAsNewAccount: (idToken: () => Promise<string | null>) => void;
  updateUserName: (params: { firstName: string; lastName: string }) => Promise<unknown>;
  updateScreenName: (params: { screenName: string }) => Promise<unknown>;
  updateLanguage: (params: { language: string }) => Promise<unknown>;
  startJoinEmailChallenge: () => Promise<JoinEmailChallenge>;
  joinOrganisation: (request: JoinRequest) => Promise<JoinResult>;
  getCustomToken: () => Promise<CustomToken>;
  /** A single-use sign-in hand-over for the patient web app. */
  createHandover: () => Promise<string>;
}

export type JoinMethod = 'code' | 'email';

export interface SignupValues {
  method: JoinMethod;
  accessCode: string;
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  screenName: string;
  language: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
  emailCode: string;
}

/** What already succeeded, so a retry after a failure redoes only the rest (and never a second account). */
export interface SignupProgress {
  uid?: string | undefined;
  email?: string | undefined;
  userName?: string | undefined;
  screenName?: string | undefined;
  language?: string | undefined;
  /** The open e-mail challenge (joining by a whitelisted address). */
  challenge?: JoinEmailChallenge | undefined;
  /** The organisation joined. */
  joined?: JoinResult | undefined;
}

export type SignupStage = 'account' | 'profile' | 'join';

export class SignupError extends Error {
  constructor(
    readonly stage: SignupStage,
    readonly original: unknown,
  ) {
    super(original instanceof Error ? original.message : String(original));
    this.name = 'SignupError';
  }
}

/**
 * Creates the Firebase account (once), then sets the profile through the account-details calls (each only when
 * its value changed since it last succeeded). `progress` is updated in place as steps succeed.
 */
export async function createAccount(
  auth: Auth,
  calls: SignupCalls,
  values: SignupValues,
  progress: SignupProgress,
): Promise<void> {
  const email = values.email.trim();
  try {
    if (!progress.uid || !auth.currentUser || auth.currentUser.uid !== progress.uid) {
      const credential = await createUserWithEmailAndPassword(auth, email, values.password);
      progress.uid = credential.user.uid;
      progress.email = email;
    }
  } catch (error) {
    throw new SignupError('account', error);
  }
  calls.actAsNewAccount(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));
  try {
    const userName = `${values.firstName.trim()}\n${values.lastName.trim()}`;
    if (progress.userName !== userName) {
      await calls.updateUserName({ firstName: values.firstName.trim(), lastName: values.lastName.trim() });
      progress.userName = userName;
    }
    if (progress.screenName !== values.screenName.trim()) {
      await calls.updateScreenName({ screenName: values.screenName.trim() });
      progress.screenName = values.screenName.trim();
    }
    if (progress.language !== values.language) {
      await calls.updateLanguage({ language: values.language });
      progress.language = values.language;
    }
  } catch (error) {
    throw new SignupError('profile', error);
  }
}

/** Mails the code proving the account's address (a new one replaces the last). */
export async function startEmailProof(
  calls: SignupCalls,
  progress: SignupProgress,
): Promise<JoinEmailChallenge> {
  try {
    progress.challenge = await calls.startJoinEmailChallenge();
    return progress.challenge;
  } catch (error) {
    throw new SignupError('join', error);
  }
}

/** Joins the organisation (once), by access code or by the mailed code. */
export async function join(
  calls: SignupCalls,
  request: JoinRequest,
  progress: SignupProgress,
): Promise<JoinResult> {
  if (progress.joined) return progress.joined;
  try {
    progress.joined = await calls.joinOrganisation(request);
    progress.challenge = undefined;
    return progress.joined;
  } catch (error) {
    throw new SignupError('join', error);
  }
}

/**
 * Asks for the patient scope and signs in with it. Answers false (and logs why) when the server does not grant
 * it, so the last step can tell the person; the account and the membership stay as they are.
 */
export async function signInAsPatient(auth: Auth, calls: SignupCalls): Promise<boolean> {
  try {
    const token = await calls.getCustomToken();
    await signInWithCustomToken(auth, token.customToken);
    return true;
  } catch (error) {
    const problem = toProblem(error);
    if (problem.code === 'scope_not_granted' || problem.kind === 'forbidden') {
      console.warn('Sign-up: the new account was not granted the patient scope', problem.code);
    } else {
      console.error('Sign-up: could not sign in with the patient scope', error);
    }
    return false;
  }
}

/**
 * Where "Open Tend in your browser" goes: the patient web app's hand-over page with a single-use sign-in in
 * the URL's fragment (never sent to a server or in a referrer; the page removes it at once), so the new
 * patient arrives signed in. When no hand-over can be made, the app itself: they sign in there.
 */
export async function patientAppEntry(calls: SignupCalls, patientUrl: string): Promise<string> {
  try {
    const handover = await calls.createHandover();
    return `${patientUrl}/authentication/welcome#handover=${encodeURIComponent(handover)}`;
  } catch (error) {
    console.warn('Sign-up: no sign-in hand-over for the patient app', toProblem(error).code);
    return `${patientUrl}/`;
  }
}
