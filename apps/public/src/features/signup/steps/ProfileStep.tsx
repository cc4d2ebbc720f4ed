import { NativeSelect, Text, TextInput } from '@mantine/core';
import { updateScreenNameQueryScreenNameMax, updateUserNameQueryFirstNameMax, updateUserNameQueryLastNameMax } from '@tend/api/zod';
import { LANGUAGES, useTranslation } from '@tend/i18n';
import { SignupProblem, StepButtons, StepForm } from '../parts.tsx';
import type { SignupForm } from '../signupForm.ts';
import type { SignupFlow } from '../useSignupFlow.ts';

/** Step 3: first, last and screen name, and the language. */
export function ProfileStep({ form, flow }: { form: SignupForm; flow: SignupFlow }) {
  const { t } = useTranslation('public');
  return (
    <StepForm onSubmit={() => flow.next('profile', 'consent')}>
      <Text>{t('signup.profile.intro')}</Text>
      <TextInput
        label={t('signup.profile.firstName')}
        autoComplete="given-name"
        withAsterisk
        maxLength={updateUserNameQueryFirstNameMax}
        {...form.getInputProps('firstName')}
      />
      <TextInput
        label={t('signup.profile.lastName')}
        autoComplete="family-name"
        withAsterisk
        maxLength={updateUserNameQueryLastNameMax}
        {...form.getInputProps('lastName')}
      />
      <TextInput
        label={t('signup.profile.screenName')}
        description={t('signup.profile.screenNameDescription')}
        autoComplete="nickname"
        withAsterisk
        maxLength={updateScreenNameQueryScreenNameMax}
        {...form.getInputProps('screenName')}
      />
      <NativeSelect
        label={t('signup.profile.language')}
        withAsterisk
        data={LANGUAGES.map((l) => ({ value: l.code, label: t(l.labelKey) }))}
        {...form.getInputProps('language')}
      />
      <SignupProblem flow={flow} />
      <StepButtons onBack={() => flow.go('account')} />
    </StepForm>
  );
}
