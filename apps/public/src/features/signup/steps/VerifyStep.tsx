import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { SignupProblem, StepForm } from '../parts.tsx';
import type { SignupForm } from '../signupForm.ts';
import type { SignupFlow } from '../useSignupFlow.ts';

/** Step 5 when joining by e-mail: the 6-digit code mailed to the new account's address. */
export function VerifyStep({ form, flow }: { form: SignupForm; flow: SignupFlow }) {
  const { t } = useTranslation('public');
  return (
    <StepForm onSubmit={flow.confirmCode}>
      <Text>
        {t('signup.verify.intro', { email: flow.progress.challenge?.email ?? form.values.email.trim() })}
      </Text>
      <TextInput
        label={t('signup.verify.code')}
        description={t('signup.verify.codeDescription')}
        autoComplete="one-time-code"
        inputMode="numeric"
        withAsterisk
        {...form.getInputProps('emailCode')}
      />
      {flow.resentTo && (
        <Alert color="tend" variant="light" role="status">
          {t('signup.verify.resent', { email: flow.resentTo })}
        </Alert>
      )}
      <SignupProblem flow={flow} />
      <Group>
        <Button type="submit" disabled={flow.busy}>
          {flow.busy ? t('signup.checking') : t('signup.verify.confirm')}
        </Button>
        <Button variant="default" onClick={flow.sendNewCode} disabled={flow.busy}>
          {t('signup.verify.resend')}
        </Button>
      </Group>
    </StepForm>
  );
}
