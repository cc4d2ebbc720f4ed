import { Container, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@tend/i18n';
import { MAIN_CONTENT_ID } from '@tend/ui';

/** The frame of the signed-out pages: the product's name and a centred card in the main landmark. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('therapist');
  return (
    <>
      <header>
        <Group px="md" h={60}>
          <Text fw={700} size="lg">
            {t('appName')}
          </Text>
        </Group>
      </header>
      <Container size={460} py="xl" component="main" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Paper withBorder p="xl" radius="md">
          {children}
        </Paper>
      </Container>
    </>
  );
}
