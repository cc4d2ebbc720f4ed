import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { joinOrganisationBodyAccessCodeMax } from '@tend/api/zod';
import { useTranslation } from '@tend/i18n';
import type { JoinMethod } from '../createAccount.ts';
import { EmailField, SignupProblem, StepForm } from '../parts.tsx';
import type { SignupForm } from '../signupForm.ts';
import type { SignupFlow } from '../useSignupFlow.ts';

/** Step 1: the organisation, by its access code or by an address it knows. */
export function OrganisationStep({ form, flow }: { form: SignupForm; flow: SignupFlow }) {
  const { t } = useTranslation('public');
  return (
    <StepForm onSubmit={flow.checkOrganisation}>
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
          <Radio
            value="code"
            label={t('signup.organisation.byCode')}
            description={t('signup.organisation.byCodeDescription')}
          />
          <Radio
            value="email"
            label={t('signup.organisation.byEmail')}
            description={t('signup.organisation.byEmailDescription')}
          />
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
          maxLength={joinOrganisationBodyAccessCodeMax}
          {...form.getInputProps('accessCode')}
        />
      ) : (
        <EmailField form={form} flow={flow} label={t('signup.organisation.email')} />
      )}
      <SignupProblem flow={flow} />
      <Group>
        <Button type="submit" disabled={flow.busy}>
          {flow.busy ? t('signup.checking') : t('signup.continue')}
        </Button>
      </Group>
    </StepForm>
  );
}
