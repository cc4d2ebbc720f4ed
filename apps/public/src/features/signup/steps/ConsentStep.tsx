import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { SignupProblem, StepForm } from '../parts.tsx';
import type { SignupForm } from '../signupForm.ts';
import type { SignupFlow } from '../useSignupFlow.ts';

/** Step 4: the terms and the privacy notice; then the account is created. */
export function ConsentStep({ form, flow }: { form: SignupForm; flow: SignupFlow }) {
  const { t } = useTranslation('public');
  return (
    <StepForm onSubmit={flow.createAccount}>
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
      <SignupProblem flow={flow} />
      <Group>
        <Button variant="default" onClick={() => flow.go('profile')} disabled={flow.busy}>
          {t('signup.back')}
        </Button>
        <Button type="submit" disabled={flow.busy}>
          {flow.busy ? t('signup.consent.creating') : t('signup.consent.create')}
        </Button>
      </Group>
      <Text role="status" className="tend-visually-hidden">
        {flow.busy ? t('signup.consent.creating') : ''}
      </Text>
    </StepForm>
  );
}
