import { NativeSelect, Text, TextInput } from '@mantine/core';
import {
  updateScreenNameQueryScreenNameMax,
  updateUserNameQueryFirstNameMax,
  updateUserNameQueryLastNameMax,
} from '@tend/api/zod';
import { LANGUAGES, useTranslation } from '@tend/i18n';
import { SignupProblem, StepButtons, StepForm } from '../parts.tsx';
import type { SignupForm } from '../signupForm.ts';
import type { SignupFlow } from '../useSignupFlow.ts';

/** Step 3: first, last and screen name, and the language. */
export function ProfileStep({ form, flow }: { form: SignupForm; flow: SignupFlow }) {
  const { t } = useTranslation('public');
  // The contract's limits of the account's names.
  const names = [
    {
      field: 'firstName',
      label: t('signup.profile.firstName'),
      autoComplete: 'given-name',
      maxLength: updateUserNameQueryFirstNameMax,
    },
    {
      field: 'lastName',
      label: t('signup.profile.lastName'),
      autoComplete: 'family-name',
      maxLength: updateUserNameQueryLastNameMax,
    },
    {
      field: 'screenName',
      label: t('signup.profile.screenName'),
      description: t('signup.profile.screenNameDescription'),
      autoComplete: 'nickname',
      maxLength: updateScreenNameQueryScreenNameMax,
    },
  ] as const;
  return (
    <StepForm onSubmit={() => flow.next('profile', 'consent')}>
      <Text>{t('signup.profile.intro')}</Text>
      {names.map(({ field, ...props }) => (
        <TextInput key={field} withAsterisk {...props} {...form.getInputProps(field)} />
      ))}
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
