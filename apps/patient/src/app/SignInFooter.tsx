import { Anchor, Text } from '@mantine/core';
import { getRuntimeConfig } from '@tend/config/runtime';
import { useTranslation } from '@tend/i18n';

/** Under the sign-in form: someone without an account yet finds the sign-up on the public site. */
export function SignInFooter() {
  const { t } = useTranslation('patient');
  return (
    <Text mt="lg" ta="center">
      {t('signIn.newHere')}{' '}
      <Anchor href={`${getRuntimeConfig().publicUrl}/signup`} underline="always">
        {t('signIn.join')}
      </Anchor>
    </Text>
  );
}
