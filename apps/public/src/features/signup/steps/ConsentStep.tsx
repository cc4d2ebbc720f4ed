import { Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { paths } from '../../../paths.ts';
import { SignupProblem, StepForm } from '../parts.tsx';
import type { SignupForm } from '../signupForm.ts';
import type { SignupFlow } from '../useSignupFlow.ts';

/**
 * Step 4: the terms and the privacy notice (the organisation's own when it names them, else Tend's pages),
 * each opening in a new tab so the form keeps everything typed; then the account is created.
 */
export function ConsentStep({ form, flow }: { form: SignupForm; flow: SignupFlow }) {
  const { t } = useTranslation('public');
  const { termsUrl, privacyUrl } = flow.documents;
  const owner = (own: string | null) =>
    own && flow.organisation ? t('signup.consent.ownerOf', { organisation: flow.organisation }) : '';
  return (
    <StepForm onSubmit={flow.createAccount}>
      <Text>{t('signup.consent.intro')}</Text>
      <Stack gap={4} component="ul" className="tend-plain-list">
        <li>
          <Anchor href={termsUrl ?? paths.terms} target="_blank" rel="noopener noreferrer">
            {t('signup.consent.termsLink', { owner: owner(termsUrl) })}
          </Anchor>
        </li>
        <li>
          <Anchor href={privacyUrl ?? paths.privacy} target="_blank" rel="noopener noreferrer">
            {t('signup.consent.privacyLink', { owner: owner(privacyUrl) })}
          </Anchor>
        </li>
      </Stack>
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
