import { useRef, useState } from 'react';
import { useSaveLanguage, useSaveName, useSaveScreenName } from '@tend/domain/account';
import {
  actAsNewAccount,
  requestPatientToken,
  requestSignInHandover,
  useJoin,
  useOrganisationLookup,
  useSendJoinCode,
} from '@tend/domain/join';
import { useSubmit } from '@tend/core';
import { useTranslation } from '@tend/i18n';
import { focusFirstError } from '../../components/focusFirstError.ts';
import {
  createAccount,
  join,
  patientAppEntry,
  signInAsPatient,
  startEmailProof,
  type SignupCalls,
  type SignupProgress,
  type SignupValues,
} from './createAccount.ts';
import { signupAuth } from './firebase.ts';
import { causeOf, signupWording, type SignupAction } from './problems.ts';
import { stepFields, type SignupForm, type Step } from './signupForm.ts';

/**
 * The sign-up's steps and its four actions (check the organisation, create the account, confirm the mailed
 * code, send a new code), each a useSubmit. Only the last action's problem is shown: starting one (or moving
 * to another step) forgets the others'. What already succeeded is kept in `progress`, so a retry redoes only
 * the rest and never creates a second account.
 */
export function useSignupFlow(form: SignupForm) {
  const { t } = useTranslation('public');
  const [step, setStep] = useState<Step>('organisation');
  const [organisation, setOrganisation] = useState<string | null>(null);
  /** The organisation's own terms of use and privacy notice (null: Tend's own pages). */
  const [documents, setDocuments] = useState<{ termsUrl: string | null; privacyUrl: string | null }>({
    termsUrl: null,
    privacyUrl: null,
  });
  const [patientScope, setPatientScope] = useState(true);
  const progress = useRef<SignupProgress>({});
  const lookup = useOrganisationLookup();
  const saveName = useSaveName();
  const saveScreenName = useSaveScreenName();
  const saveLanguage = useSaveLanguage();
  const sendCode = useSendJoinCode();
  const joinOrganisation = useJoin();
  const calls: SignupCalls = {
    actAsNewAccount,
    updateUserName: (params) => saveName.mutateAsync({ params }),
    updateScreenName: (params) => saveScreenName.mutateAsync({ params }),
    updateLanguage: (params) => saveLanguage.mutateAsync({ params }),
    startJoinEmailChallenge: () => sendCode.mutateAsync(),
    joinOrganisation: (request) => joinOrganisation.mutateAsync({ data: request }),
    getCustomToken: requestPatientToken,
    createHandover: requestSignInHandover,
  };
  const values = form.values;

  function fieldError(field: keyof SignupValues, message: string) {
    form.setFieldError(field, message);
    focusFirstError({ [field]: true }, form.getInputNode);
  }

  /** Field errors and a move to another step, as the problem's wording says. */
  const onProblem = (action: SignupAction) => (problem: Parameters<typeof signupWording>[0]) => {
    console.error(`Sign-up: ${action} failed`, problem.error);
    const wording = signupWording(problem, action, form.getValues().method);
    if (wording.field)
      fieldError(wording.field.name, t(wording.field.key as 'signup.verify.wrongCode', wording.field.values));
    if (wording.step) setStep(wording.step);
  };

  /** The organisation joined: sign in with the patient scope and show the install step. */
  async function finish() {
    setPatientScope(await signInAsPatient(signupAuth(), calls));
    setStep('install');
  }

  const check = useSubmit(
    () =>
      values.method === 'code'
        ? lookup.byAccessCode(values.accessCode.trim())
        : lookup.byEmail(values.email.trim()),
    {
      onSuccess: (found) => {
        if (!found.found) {
          if (values.method === 'code') fieldError('accessCode', t('signup.organisation.codeUnknown'));
          else fieldError('email', t('signup.organisation.notWhitelisted'));
          return;
        }
        setOrganisation(found.organisationName);
        setDocuments({ termsUrl: found.termsUrl, privacyUrl: found.privacyUrl });
        setStep('account');
      },
      onProblem: onProblem('check'),
    },
  );
  /** Joined (by access code or by the mailed code): the organisation's name, then the patient sign-in. */
  async function joinWith(request: Parameters<typeof join>[1]) {
    setOrganisation((await join(calls, request, progress.current)).organisationName);
    await finish();
  }

  const create = useSubmit(
    async () => {
      await createAccount(signupAuth(), calls, values, progress.current);
      if (values.method === 'code') return joinWith({ accessCode: values.accessCode.trim() });
      const open = progress.current.challenge;
      if (!open || Date.parse(open.expiresAt) <= Date.now()) await startEmailProof(calls, progress.current);
      setStep('verify');
    },
    { onProblem: onProblem('create') },
  );
  const verify = useSubmit(
    (challengeId: string) => joinWith({ challengeId, code: values.emailCode.trim() }),
    {
      onProblem: onProblem('verify'),
    },
  );
  const resend = useSubmit(() => startEmailProof(calls, progress.current), {
    onSuccess: () => form.setFieldValue('emailCode', ''),
    onProblem: onProblem('resend'),
  });
  const actions = { check, create, verify, resend };

  /** Runs one action after forgetting the others' outcome. */
  function run<A extends SignupAction>(action: A, ...vars: Parameters<(typeof actions)[A]['submit']>) {
    for (const [name, submit] of Object.entries(actions)) if (name !== action) submit.reset();
    return (actions[action].submit as (...v: unknown[]) => Promise<unknown>)(...vars);
  }

  function validateStep(current: Step): boolean {
    const errors: Record<string, string> = {};
    for (const field of stepFields(current, values.method)) {
      const result = form.validateField(field);
      if (result.hasError && result.error) errors[field] = String(result.error);
    }
    if (Object.keys(errors).length > 0) focusFirstError(errors, form.getInputNode);
    return Object.keys(errors).length === 0;
  }

  function go(next: Step) {
    for (const submit of Object.values(actions)) submit.reset();
    setStep(next);
  }

  const failed = (Object.entries(actions) as Array<[SignupAction, (typeof actions)[SignupAction]]>).find(
    ([, s]) => s.problem,
  );
  const checkOrganisation = () => validateStep('organisation') && void run('check');
  const createAccountNow = () => validateStep('consent') && void run('create');
  function confirmCode() {
    if (!validateStep('verify')) return;
    const challenge = progress.current.challenge;
    if (challenge) void run('verify', challenge.challengeId);
    else void run('resend');
  }
  const sendNewCode = () => void run('resend');
  /** Each action again, as its button runs it (Try again on a problem that may pass). */
  const again: Record<SignupAction, () => void> = {
    check: checkOrganisation,
    create: createAccountNow,
    verify: confirmCode,
    resend: sendNewCode,
  };
  return {
    step,
    organisation,
    documents,
    patientScope,
    progress: progress.current,
    busy: check.pending || create.pending || verify.pending || resend.pending,
    /** The last action's problem, worded for the step (null when it is a field's error). */
    problem:
      failed && failed[1].problem
        ? {
            // What ProblemAlert reads (retryable, when to try again) is the wrapped failure's.
            problem: causeOf(failed[1].problem),
            wording: signupWording(failed[1].problem, failed[0], values.method),
          }
        : null,
    /** Runs the failed action again. */
    retry: failed ? again[failed[0]] : undefined,
    /** After a new code was sent: where to. */
    resentTo: resend.succeeded ? (resend.data?.email ?? null) : null,
    go,
    /** On to `to` once the current step's fields are valid. */
    next(current: Step, to: Step) {
      if (validateStep(current)) go(to);
    },
    /** The patient web app's address, signed in when the new account holds the patient scope. */
    patientAppEntry: (patientUrl: string) =>
      patientScope ? patientAppEntry(calls, patientUrl) : Promise.resolve(`${patientUrl}/`),
    checkOrganisation,
    createAccount: createAccountNow,
    confirmCode,
    sendNewCode,
  };
}

export type SignupFlow = ReturnType<typeof useSignupFlow>;
