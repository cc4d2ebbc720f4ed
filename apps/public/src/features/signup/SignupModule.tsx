import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Group, NativeSelect, PasswordInput, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  getCheckOrganisationAccessCodeQueryOptions,
  getCustomToken,
  getIsEmailWhitelistedQueryOptions,
  isApiError,
  useJoinOrganisation,
  useStartJoinEmailChallenge,
  useUpdateLanguage,
  useUpdateScreenName,
  useUpdateUserName,
} from '@tend/api';
import { LANGUAGES, useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { focusFirstError } from '../../components/focusFirstError.ts';
import {
  SignupError,
  createAccount,
  join,
  signInAsPatient,
  startEmailProof,
  type JoinMethod,
  type SignupCalls,
  type SignupProgress,
  type SignupValues,
} from './createAccount.ts';
import { firebaseErrorKey, signupAuth } from './firebase.ts';
import { InstallStep, PasswordRules, StepButtons, StepForm } from './parts.tsx';
import { firstBrokenRule, type PasswordRule } from './password.ts';

type Step = 'organisation' | 'account' | 'profile' | 'consent' | 'verify' | 'install';

/** Joining by e-mail adds the step that proves the address (a code mailed once the account exists). */
const STEPS: Record<JoinMethod, Step[]> = {
  code: ['organisation', 'account', 'profile', 'consent', 'install'],
  email: ['organisation', 'account', 'profile', 'consent', 'verify', 'install'],
};

/** The fields each step validates (the e-mail is asked on the first step or, with a code, on the second). */
function stepFields(step: Step, method: JoinMethod): Array<keyof SignupValues> {
  switch (step) {
    case 'organisation':
      return method === 'code' ? ['accessCode'] : ['email'];
    case 'account':
      return method === 'code' ? ['email', 'password', 'confirmPassword'] : ['password', 'confirmPassword'];
    case 'profile':
      return ['firstName', 'lastName', 'screenName', 'language'];
    case 'consent':
      return ['acceptTerms', 'acceptPrivacy'];
    case 'verify':
      return ['emailCode'];
    case 'install':
      return [];
  }
}

const ACCESS_CODE_SHAPE = /^[A-Za-z0-9 -]{6,32}$/;
const EMAIL_CODE_SHAPE = /^ *[0-9]{3} ?[0-9]{3} *$/;

/**
 * The sign-up module (loaded on demand; the only part of this app with Firebase besides the OpenID page): the
 * organisation (by its access code, or by an e-mail address it whitelists), a password, first, last and screen
 * name and language, consent; then the account is created and joined to the organisation (for an e-mail, after
 * the code mailed to it is typed), and the install guide offered. Every value lives in one form, so nothing typed
 * is lost when a step fails or the person goes back.
 */
export function SignupModule() {
  const { t, i18n } = useTranslation('public');
  const v = useValidators();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('organisation');
  const [organisation, setOrganisation] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [patientScope, setPatientScope] = useState(true);
  const progress = useRef<SignupProgress>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const updateUserName = useUpdateUserName();
  const updateScreenName = useUpdateScreenName();
  const updateLanguage = useUpdateLanguage();
  const startChallenge = useStartJoinEmailChallenge();
  const joinOrganisation = useJoinOrganisation();

  const calls: SignupCalls = {
    updateUserName: (params) => updateUserName.mutateAsync({ params }),
    updateScreenName: (params) => updateScreenName.mutateAsync({ params }),
    updateLanguage: (params) => updateLanguage.mutateAsync({ params }),
    startJoinEmailChallenge: () => startChallenge.mutateAsync(),
    joinOrganisation: (data) => joinOrganisation.mutateAsync({ data }),
    getCustomToken: (params) => getCustomToken(params),
  };

  const ruleMessage: Record<PasswordRule, string> = {
    length: t('signup.account.errors.length'),
    letter: t('signup.account.errors.letter'),
    number: t('signup.account.errors.number'),
    notEmail: t('signup.account.errors.notEmail'),
  };

  const presetCode = searchParams.get('code')?.trim() ?? '';
  const presetEmail = searchParams.get('email')?.trim() ?? '';
  const form = useForm<SignupValues>({
    mode: 'controlled',
    initialValues: {
      method: presetEmail && !presetCode ? 'email' : 'code',
      accessCode: presetCode,
      email: presetEmail,
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      screenName: '',
      language: LANGUAGES.some((l) => l.code === i18n.language) ? i18n.language : 'en',
      acceptTerms: false,
      acceptPrivacy: false,
      emailCode: '',
    },
    validate: {
      accessCode: v.compose(v.required(), (value) => (ACCESS_CODE_SHAPE.test(String(value).trim()) ? null : t('signup.organisation.codeShape'))),
      email: v.compose(v.required(), v.email()),
      password: v.compose(v.required(), (value, values) => {
        const broken = firstBrokenRule(String(value), (values as SignupValues).email);
        return broken ? ruleMessage[broken] : null;
      }),
      confirmPassword: v.compose(v.required(), (value, values) =>
        value === (values as SignupValues).password ? null : t('signup.account.errors.mismatch'),
      ),
      firstName: v.required(),
      lastName: v.required(),
      screenName: v.required(),
      language: v.required(),
      acceptTerms: (value) => (value ? null : t('signup.consent.mustAgree')),
      acceptPrivacy: (value) => (value ? null : t('signup.consent.mustAgree')),
      emailCode: v.compose(v.required(), (value) => (EMAIL_CODE_SHAPE.test(String(value)) ? null : t('signup.verify.codeShape'))),
    },
  });

  // Each step's heading takes focus, so keyboard and screen-reader users start at the top of the step.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function validateStep(current: Step): boolean {
    const errors: Record<string, string> = {};
    for (const field of stepFields(current, form.values.method)) {
      const result = form.validateField(field);
      if (result.hasError && result.error) errors[field] = String(result.error);
    }
    if (Object.keys(errors).length > 0) {
      focusFirstError(errors, form.getInputNode);
      return false;
    }
    return true;
  }

  function fieldError(field: keyof SignupValues, message: string) {
    form.setFieldError(field, message);
    focusFirstError({ [field]: true }, form.getInputNode);
  }

  async function checkOrganisation() {
    if (!validateStep('organisation')) return;
    setProblem(null);
    setBusy(true);
    try {
      if (form.values.method === 'code') {
        const result = await queryClient.fetchQuery({
          ...getCheckOrganisationAccessCodeQueryOptions({ code: form.values.accessCode.trim() }),
          staleTime: 0,
        });
        if (!result.valid) return fieldError('accessCode', t('signup.organisation.codeUnknown'));
        setOrganisation(result.organisationName ?? null);
      } else {
        const result = await queryClient.fetchQuery(getIsEmailWhitelistedQueryOptions({ email: form.values.email.trim() }));
        if (!result.whitelisted) return fieldError('email', t('signup.organisation.notWhitelisted'));
        setOrganisation(result.organisationName ?? null);
      }
      setStep('account');
    } catch (error) {
      console.error('Sign-up: organisation check failed', error);
      setProblem(isApiError(error) && error.status === 429 ? t('signup.errors.tooManyRequests') : t('signup.organisation.checkFailed'));
    } finally {
      setBusy(false);
    }
  }

  /** The organisation joined: sign in with the patient scope and show the install step. */
  async function finish() {
    setPatientScope(await signInAsPatient(signupAuth(), calls));
    setStep('install');
  }

  function showJoinProblem(error: unknown) {
    const original = error instanceof SignupError ? error.original : error;
    const code = isApiError(original) ? original.code : '';
    if (code === 'invalid_code') {
      const left = Number(isApiError(original) ? original.details?.attemptsLeft : NaN);
      fieldError('emailCode', Number.isFinite(left) ? t('signup.verify.wrongCode', { count: left }) : t('signup.verify.wrongCodeNoCount'));
      return;
    }
    const known: Record<string, string> = {
      invalid_access_code: t('signup.join.codeUnknown'),
      no_redemptions_left: t('signup.join.full'),
      organisation_disabled: t('signup.join.unavailable'),
      subscription_not_valid: t('signup.join.unavailable'),
      email_not_whitelisted: t('signup.join.notWhitelisted'),
      already_member: t('signup.join.alreadyMember'),
      rate_limited: t('signup.errors.tooManyRequests'),
    };
    if (isApiError(original) && original.status === 0) setProblem(t('signup.errors.network'));
    else setProblem(known[code] ?? t('signup.join.failed'));
  }

  async function create() {
    if (!validateStep('consent')) return;
    setProblem(null);
    setBusy(true);
    try {
      await createAccount(signupAuth(), calls, form.values, progress.current);
      if (form.values.method === 'code') {
        const joined = await join(calls, { accessCode: form.values.accessCode.trim() }, progress.current);
        setOrganisation(joined.organisationName);
        await finish();
      } else {
        if (!progress.current.challenge || Date.parse(progress.current.challenge.expiresAt) <= Date.now()) {
          await startEmailProof(calls, progress.current);
        }
        setStep('verify');
      }
    } catch (error) {
      console.error('Sign-up failed', error);
      if (error instanceof SignupError && error.stage === 'account') {
        const key = firebaseErrorKey(error.original);
        setProblem(t(key));
        if (key === 'signup.errors.emailInUse' || key === 'signup.errors.invalidEmail') setStep(form.values.method === 'email' ? 'organisation' : 'account');
        if (key === 'signup.errors.weakPassword') setStep('account');
      } else if (error instanceof SignupError && error.stage === 'join') {
        showJoinProblem(error);
      } else if (error instanceof SignupError && isApiError(error.original) && error.original.status === 0) {
        setProblem(t('signup.errors.network'));
      } else {
        setProblem(t('signup.errors.profile'));
      }
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    if (!validateStep('verify')) return;
    const challenge = progress.current.challenge;
    if (!challenge) return resend();
    setProblem(null);
    setNotice(null);
    setBusy(true);
    try {
      const joined = await join(calls, { challengeId: challenge.challengeId, code: form.values.emailCode.trim() }, progress.current);
      setOrganisation(joined.organisationName);
      await finish();
    } catch (error) {
      console.error('Sign-up: e-mail code refused', error);
      showJoinProblem(error);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setProblem(null);
    setNotice(null);
    setBusy(true);
    try {
      const challenge = await startEmailProof(calls, progress.current);
      form.setFieldValue('emailCode', '');
      setNotice(t('signup.verify.resent', { email: challenge.email }));
    } catch (error) {
      console.error('Sign-up: could not send a new code', error);
      showJoinProblem(error);
    } finally {
      setBusy(false);
    }
  }

  function go(next: Step) {
    setProblem(null);
    setNotice(null);
    setStep(next);
  }

  const steps = STEPS[form.values.method];
  const index = Math.max(0, steps.indexOf(step));
  const stepNames: Record<Step, string> = {
    organisation: t('signup.steps.organisation'),
    account: t('signup.steps.account'),
    profile: t('signup.steps.profile'),
    consent: t('signup.steps.consent'),
    verify: t('signup.steps.verify'),
    install: t('signup.steps.install'),
  };
  const accountCreated = Boolean(progress.current.uid);

  // The e-mail is asked on the first step (joining by e-mail) or the second (by code); locked once the account exists.
  const emailField = (label: string) => (
    <TextInput
      type="email"
      autoComplete="email"
      label={label}
      withAsterisk
      maxLength={254}
      disabled={accountCreated}
      description={accountCreated ? t('signup.organisation.locked') : undefined}
      {...form.getInputProps('email')}
    />
  );

  const problemAlert = problem && (
    <Alert color="red" variant="light" role="alert" title={t('signup.errors.title')}>
      {problem}
    </Alert>
  );

  return (
    <PageLayout>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('signup.heading')}</Title>
          {step === 'organisation' && <Text mt="xs">{t('signup.intro')}</Text>}
        </div>
        <nav aria-label={t('signup.progress')}>
          <ol className="tend-steps">
            {steps.map((name, i) => (
              <li key={name} aria-current={i === index ? 'step' : undefined} data-done={i < index ? 'true' : undefined}>
                {stepNames[name]}
              </li>
            ))}
          </ol>
        </nav>
        <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('signup.stepOf', { current: index + 1, total: steps.length, name: stepNames[step] })}
        </Title>

        {step === 'organisation' && (
          <StepForm onSubmit={() => void checkOrganisation()}>
            <Text>{t('signup.organisation.intro')}</Text>
            <Radio.Group
              label={t('signup.organisation.method')}
              {...form.getInputProps('method')}
              onChange={(value) => {
                form.setFieldValue('method', value as JoinMethod);
                form.clearFieldError('accessCode');
                form.clearFieldError('email');
              }}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="code" label={t('signup.organisation.byCode')} description={t('signup.organisation.byCodeDescription')} />
                <Radio value="email" label={t('signup.organisation.byEmail')} description={t('signup.organisation.byEmailDescription')} />
              </Stack>
            </Radio.Group>
            {form.values.method === 'code' ? (
              <TextInput
                label={t('signup.organisation.code')}
                description={t('signup.organisation.codeDescription')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                withAsterisk
                maxLength={32}
                {...form.getInputProps('accessCode')}
              />
            ) : (
              emailField(t('signup.organisation.email'))
            )}
            {problemAlert}
            <Group>
              <Button type="submit" disabled={busy}>
                {busy ? t('signup.checking') : t('signup.continue')}
              </Button>
            </Group>
          </StepForm>
        )}

        {step === 'account' && (
          <StepForm onSubmit={() => validateStep('account') && go('profile')}>
            {organisation && (
              <Alert color="tend" variant="light">
                {form.values.method === 'code'
                  ? t('signup.organisation.codeFound', { organisation })
                  : t('signup.organisation.found', { organisation })}
              </Alert>
            )}
            <Text>{t('signup.account.intro')}</Text>
            {form.values.method === 'code' ? (
              emailField(t('signup.account.email'))
            ) : (
              <Text>{t('signup.account.signInWith', { email: form.values.email.trim() })}</Text>
            )}
            <PasswordInput
              label={t('signup.account.password')}
              autoComplete="new-password"
              withAsterisk
              aria-describedby="password-rules"
              disabled={accountCreated}
              {...form.getInputProps('password')}
            />
            <PasswordRules password={form.values.password} email={form.values.email} />
            <PasswordInput
              label={t('signup.account.confirm')}
              autoComplete="new-password"
              withAsterisk
              disabled={accountCreated}
              {...form.getInputProps('confirmPassword')}
            />
            {problemAlert}
            <StepButtons onBack={() => go('organisation')} />
          </StepForm>
        )}

        {step === 'profile' && (
          <StepForm onSubmit={() => validateStep('profile') && go('consent')}>
            <Text>{t('signup.profile.intro')}</Text>
            <TextInput label={t('signup.profile.firstName')} autoComplete="given-name" withAsterisk maxLength={100} {...form.getInputProps('firstName')} />
            <TextInput label={t('signup.profile.lastName')} autoComplete="family-name" withAsterisk maxLength={100} {...form.getInputProps('lastName')} />
            <TextInput
              label={t('signup.profile.screenName')}
              description={t('signup.profile.screenNameDescription')}
              autoComplete="nickname"
              withAsterisk
              maxLength={40}
              {...form.getInputProps('screenName')}
            />
            <NativeSelect
              label={t('signup.profile.language')}
              withAsterisk
              data={LANGUAGES.map((l) => ({ value: l.code, label: t(l.labelKey) }))}
              {...form.getInputProps('language')}
            />
            {problemAlert}
            <StepButtons onBack={() => go('account')} />
          </StepForm>
        )}

        {step === 'consent' && (
          <StepForm onSubmit={() => void create()}>
            <Text>{t('signup.consent.intro')}</Text>
            <Checkbox
              label={t('signup.consent.terms')}
              description={t('signup.consent.termsDescription')}
              {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
            />
            <Checkbox
              label={t('signup.consent.privacy')}
              description={t('signup.consent.privacyDescription')}
              {...form.getInputProps('acceptPrivacy', { type: 'checkbox' })}
            />
            {problemAlert}
            <Group>
              <Button variant="default" onClick={() => go('profile')} disabled={busy}>
                {t('signup.back')}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t('signup.consent.creating') : t('signup.consent.create')}
              </Button>
            </Group>
            <Text role="status" className="tend-visually-hidden">
              {busy ? t('signup.consent.creating') : ''}
            </Text>
          </StepForm>
        )}

        {step === 'verify' && (
          <StepForm onSubmit={() => void verify()}>
            <Text>{t('signup.verify.intro', { email: progress.current.challenge?.email ?? form.values.email.trim() })}</Text>
            <TextInput
              label={t('signup.verify.code')}
              description={t('signup.verify.codeDescription')}
              autoComplete="one-time-code"
              inputMode="numeric"
              withAsterisk
              maxLength={9}
              {...form.getInputProps('emailCode')}
            />
            {notice && (
              <Alert color="tend" variant="light" role="status">
                {notice}
              </Alert>
            )}
            {problemAlert}
            <Group>
              <Button type="submit" disabled={busy}>
                {busy ? t('signup.checking') : t('signup.verify.confirm')}
              </Button>
              <Button variant="default" onClick={() => void resend()} disabled={busy}>
                {t('signup.verify.resend')}
              </Button>
            </Group>
          </StepForm>
        )}

        {step === 'install' && (
          <InstallStep
            name={form.values.firstName.trim()}
            organisation={organisation}
            client={searchParams.get('client')}
            patientScope={patientScope}
          />
        )}
      </Stack>
    </PageLayout>
  );
}
