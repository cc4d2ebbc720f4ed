import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { getRuntimeConfig } from '@tend/config/runtime';
import { useDidUpdate } from '@mantine/hooks';
import { useTranslation } from '@tend/i18n';
import { PageLayout } from '../../components/PageLayout.tsx';
import { STEPS, useSignupForm, type Step } from './signupForm.ts';
import { AccountStep } from './steps/AccountStep.tsx';
import { ConsentStep } from './steps/ConsentStep.tsx';
import { InstallStep } from './steps/InstallStep.tsx';
import { OrganisationStep } from './steps/OrganisationStep.tsx';
import { ProfileStep } from './steps/ProfileStep.tsx';
import { VerifyStep } from './steps/VerifyStep.tsx';
import { useSignupFlow } from './useSignupFlow.ts';

/**
 * The sign-up module (loaded on demand; the only part of this app with Firebase besides the OpenID page): the
 * organisation (by its access code, or by an e-mail address it whitelists), a password, first, last and screen
 * name and language, consent; then the account is created and joined to the organisation (for an e-mail, after
 * the code mailed to it is typed), and the install guide offered. Every value lives in one form, so nothing typed
 * is lost when a step fails or the person goes back.
 */
export function SignupModule() {
  const { t } = useTranslation('public');
  const [searchParams] = useSearchParams();
  const form = useSignupForm({
    code: searchParams.get('code')?.trim() ?? '',
    email: searchParams.get('email')?.trim() ?? '',
  });
  const flow = useSignupFlow(form);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { step } = flow;

  // Each step's heading takes focus, so keyboard and screen-reader users start at the top of the step.
  useDidUpdate(() => headingRef.current?.focus(), [step]);

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

  return (
    <PageLayout>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('signup.heading')}</Title>
          {step === 'organisation' && <Text mt="xs">{t('signup.intro')}</Text>}
          {step !== 'install' && (
            <Text mt="xs">
              {t('signup.haveAccount')}{' '}
              <Anchor href={`${getRuntimeConfig().patientUrl}/`} underline="always">
                {t('signup.signIn')}
              </Anchor>
            </Text>
          )}
        </div>
        <nav aria-label={t('signup.progress')}>
          <ol className="tend-steps">
            {steps.map((name, i) => (
              <li
                key={name}
                aria-current={i === index ? 'step' : undefined}
                data-done={i < index ? 'true' : undefined}
              >
                {stepNames[name]}
              </li>
            ))}
          </ol>
        </nav>
        <Title order={2} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t('signup.stepOf', { current: index + 1, total: steps.length, name: stepNames[step] })}
        </Title>
        {step === 'organisation' && <OrganisationStep form={form} flow={flow} />}
        {step === 'account' && <AccountStep form={form} flow={flow} />}
        {step === 'profile' && <ProfileStep form={form} flow={flow} />}
        {step === 'consent' && <ConsentStep form={form} flow={flow} />}
        {step === 'verify' && <VerifyStep form={form} flow={flow} />}
        {step === 'install' && (
          <InstallStep
            name={form.values.firstName.trim()}
            email={form.values.email.trim()}
            organisation={flow.organisation}
            client={searchParams.get('client')}
            patientScope={flow.patientScope}
            patientAppEntry={flow.patientAppEntry}
          />
        )}
      </Stack>
    </PageLayout>
  );
}
