import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Checkbox, Group, List, NativeSelect, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import {
  getCustomToken,
  getIsEmailWhitelistedQueryOptions,
  isApiError,
  useListOpenIdProviders,
  useUpdateLanguage,
  useUpdateScreenName,
  useUpdateUserName,
} from '@tend/api';
import { LANGUAGES, useTranslation } from '@tend/i18n';
import { useValidators } from '@tend/ui';
import { PageLayout } from '../../components/PageLayout.tsx';
import { focusFirstError } from '../../components/focusFirstError.ts';
import { isValidClientId, paths } from '../../paths.ts';
import { SignupError, createAccount, type SignupProgress, type SignupValues } from './createAccount.ts';
import { firebaseErrorKey, signupAuth } from './firebase.ts';
import { checkPassword, firstBrokenRule, type PasswordRule } from './password.ts';

const STEPS = ['organisation', 'account', 'profile', 'consent', 'install'] as const;
type Step = (typeof STEPS)[number];

const STEP_FIELDS: Record<Step, Array<keyof SignupValues>> = {
  organisation: ['email'],
  account: ['password', 'confirmPassword'],
  profile: ['firstName', 'lastName', 'screenName', 'language'],
  consent: ['acceptTerms', 'acceptPrivacy'],
  install: [],
};

/**
 * The sign-up module (loaded on demand; the only place with Firebase besides nothing else in this app): the
 * organisation by whitelisted e-mail, a password, first, last and screen name and language, consent, then the
 * account is created and the install guide offered. Every value lives in one form, so nothing typed is lost
 * when a step fails or the person goes back.
 */
export function SignupModule() {
  const { t, i18n } = useTranslation('public');
  const v = useValidators();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('organisation');
  const [organisation, setOrganisation] = useState<{ name: string | null } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [patientScope, setPatientScope] = useState(true);
  const progress = useRef<SignupProgress>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const updateUserName = useUpdateUserName();
  const updateScreenName = useUpdateScreenName();
  const updateLanguage = useUpdateLanguage();

  const ruleMessage: Record<PasswordRule, string> = {
    length: t('signup.account.errors.length'),
    letter: t('signup.account.errors.letter'),
    number: t('signup.account.errors.number'),
    notEmail: t('signup.account.errors.notEmail'),
  };

  const form = useForm<SignupValues>({
    mode: 'controlled',
    initialValues: {
      email: searchParams.get('email')?.trim() ?? '',
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      screenName: '',
      language: LANGUAGES.some((l) => l.code === i18n.language) ? i18n.language : 'en',
      acceptTerms: false,
      acceptPrivacy: false,
    },
    validate: {
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
    for (const field of STEP_FIELDS[current]) {
      const result = form.validateField(field);
      if (result.hasError && result.error) errors[field] = String(result.error);
    }
    if (Object.keys(errors).length > 0) {
      focusFirstError(errors, form.getInputNode);
      return false;
    }
    return true;
  }

  async function checkOrganisation() {
    if (!validateStep('organisation')) return;
    setProblem(null);
    setBusy(true);
    try {
      const email = form.values.email.trim();
      const result = await queryClient.fetchQuery(getIsEmailWhitelistedQueryOptions({ email }));
      if (!result.whitelisted) {
        form.setFieldError('email', t('signup.organisation.notWhitelisted'));
        focusFirstError({ email: true }, form.getInputNode);
        return;
      }
      setOrganisation({ name: result.organisationName ?? null });
      setStep('account');
    } catch (error) {
      console.error('Sign-up: whitelist check failed', error);
      setProblem(t('signup.organisation.checkFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function create() {
    if (!validateStep('consent')) return;
    setProblem(null);
    setBusy(true);
    try {
      const result = await createAccount(
        signupAuth(),
        {
          updateUserName: (params) => updateUserName.mutateAsync({ params }),
          updateScreenName: (params) => updateScreenName.mutateAsync({ params }),
          updateLanguage: (params) => updateLanguage.mutateAsync({ params }),
          getCustomToken: (params) => getCustomToken(params),
        },
        form.values,
        progress.current,
      );
      setPatientScope(result.patientScope);
      setStep('install');
    } catch (error) {
      console.error('Sign-up failed', error);
      if (error instanceof SignupError && error.stage === 'account') {
        const key = firebaseErrorKey(error.original);
        setProblem(t(key));
        if (key === 'signup.errors.emailInUse' || key === 'signup.errors.invalidEmail') setStep('organisation');
        if (key === 'signup.errors.weakPassword') setStep('account');
      } else if (error instanceof SignupError && isApiError(error.original) && error.original.status === 0) {
        setProblem(t('signup.errors.network'));
      } else {
        setProblem(t('signup.errors.profile'));
      }
    } finally {
      setBusy(false);
    }
  }

  function go(next: Step) {
    setProblem(null);
    setStep(next);
  }

  const index = STEPS.indexOf(step);
  const stepNames: Record<Step, string> = {
    organisation: t('signup.steps.organisation'),
    account: t('signup.steps.account'),
    profile: t('signup.steps.profile'),
    consent: t('signup.steps.consent'),
    install: t('signup.steps.install'),
  };
  const accountCreated = Boolean(progress.current.uid);

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
            {STEPS.map((name, i) => (
              <li key={name} aria-current={i === index ? 'step' : undefined} data-done={i < index ? 'true' : undefined}>
                {stepNames[name]}
              </li>
            ))}
          </ol>
        </nav>
        <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('signup.stepOf', { current: index + 1, total: STEPS.length, name: stepNames[step] })}
        </Title>

        {step === 'organisation' && (
          <StepForm onSubmit={() => void checkOrganisation()}>
            <Text>{t('signup.organisation.intro')}</Text>
            <TextInput
              type="email"
              autoComplete="email"
              label={t('signup.organisation.email')}
              withAsterisk
              maxLength={254}
              disabled={accountCreated}
              description={accountCreated ? t('signup.organisation.locked') : undefined}
              {...form.getInputProps('email')}
            />
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
                {organisation.name
                  ? t('signup.organisation.found', { organisation: organisation.name })
                  : t('signup.organisation.foundUnnamed')}
              </Alert>
            )}
            <Text>{t('signup.account.intro')}</Text>
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

        {step === 'install' && (
          <InstallStep name={form.values.firstName.trim()} client={searchParams.get('client')} patientScope={patientScope} />
        )}
      </Stack>
    </PageLayout>
  );
}

function StepForm({ children, onSubmit }: { children: ReactNode; onSubmit: () => void }) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">{children}</Stack>
    </form>
  );
}

function StepButtons({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('public');
  return (
    <Group>
      <Button variant="default" onClick={onBack}>
        {t('signup.back')}
      </Button>
      <Button type="submit">{t('signup.continue')}</Button>
    </Group>
  );
}

function PasswordRules({ password, email }: { password: string; email: string }) {
  const { t } = useTranslation('public');
  const labels: Record<PasswordRule, string> = {
    length: t('signup.account.rules.length'),
    letter: t('signup.account.rules.letter'),
    number: t('signup.account.rules.number'),
    notEmail: t('signup.account.rules.notEmail'),
  };
  return (
    <div id="password-rules">
      <Text size="sm" fw={600}>
        {t('signup.account.rulesTitle')}
      </Text>
      <List size="sm" spacing={2}>
        {checkPassword(password, email).map((check) => (
          <List.Item key={check.rule} c={check.ok && password ? 'tend.9' : undefined}>
            {check.ok && password ? '✓ ' : '○ '}
            {labels[check.rule]}
            <span className="tend-visually-hidden">
              {' '}
              ({check.ok && password ? t('signup.account.ruleMet') : t('signup.account.ruleNotMet')})
            </span>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

function InstallStep({ name, client: rawClient, patientScope }: { name: string; client: string | null; patientScope: boolean }) {
  const { t } = useTranslation('public');
  const fixedClient = isValidClientId(rawClient ?? undefined) ? (rawClient as string) : undefined;
  const providers = useListOpenIdProviders({ query: { enabled: !fixedClient, staleTime: Infinity } });
  const options = providers.data?.providers ?? [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const client = fixedClient ?? chosen ?? options[0]?.clientId;
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="tend" variant="light" role="status" w="100%">
        {t('signup.install.intro', { name })}
      </Alert>
      {!patientScope && (
        <Alert color="yellow" variant="light" w="100%">
          {t('signup.install.scopePending')}
        </Alert>
      )}
      {!fixedClient && options.length > 1 && (
        <NativeSelect
          label={t('signup.install.chooseClient')}
          data={options.map((p) => ({ value: p.clientId, label: p.serviceName ?? p.name }))}
          value={client}
          onChange={(event) => setChosen(event.currentTarget.value)}
        />
      )}
      {client && (
        <>
          <Text fw={600}>{t('signup.install.choosePhone')}</Text>
          <Group>
            <Button component={Link} to={paths.guide(client, 'ios')}>
              {t('signup.install.ios')}
            </Button>
            <Button component={Link} to={paths.guide(client, 'android')}>
              {t('signup.install.android')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
