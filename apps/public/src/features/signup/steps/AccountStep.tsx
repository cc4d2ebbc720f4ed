import { Alert, PasswordInput, Text } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { EmailField, PasswordRules, SignupProblem, StepButtons, StepForm } from '../parts.tsx';
import type { SignupForm } from '../signupForm.ts';
import type { SignupFlow } from '../useSignupFlow.ts';

/** Step 2: the e-mail (joining by code) and the password, with its rules as a live checklist. */
export function AccountStep({ form, flow }: { form: SignupForm; flow: SignupFlow }) {
  const { t } = useTranslation('public');
  const { organisation } = flow;
  const locked = Boolean(flow.progress.uid);
  return (
    <StepForm onSubmit={() => flow.next('account', 'profile')}>
      {organisation && (
        <Alert color="tend" variant="light">
          {form.values.method === 'code'
            ? t('signup.organisation.codeFound', { organisation })
            : t('signup.organisation.found', { organisation })}
        </Alert>
      )}
      <Text>{t('signup.account.intro')}</Text>
      {form.values.method === 'code' ? (
        <EmailField form={form} flow={flow} label={t('signup.account.email')} />
      ) : (
        <Text>{t('signup.account.signInWith', { email: form.values.email.trim() })}</Text>
      )}
      <PasswordInput
        label={t('signup.account.password')}
        autoComplete="new-password"
        withAsterisk
        aria-describedby="password-rules"
        disabled={locked}
        {...form.getInputProps('password')}
      />
      <PasswordRules password={form.values.password} email={form.values.email} />
      <PasswordInput
        label={t('signup.account.confirm')}
        autoComplete="new-password"
        withAsterisk
        disabled={locked}
        {...form.getInputProps('confirmPassword')}
      />
      <SignupProblem flow={flow} />
      <StepButtons onBack={() => flow.go('organisation')} />
    </StepForm>
  );
}
