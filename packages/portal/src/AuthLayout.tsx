import { Container, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '@tend/ui';
import { usePortal, usePortalText } from './context.ts';

/** The frame of a portal's signed-out pages: the product's name and a centred card in the main landmark. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const text = usePortalText();
  const { texts, signedOutHeaderActions: HeaderActions } = usePortal();
  return (
    <>
      <header>
        <Group px="md" h={60} justify="space-between">
          <Text fw={700} size="lg">
            {text(texts.appName)}
          </Text>
          {HeaderActions ? <HeaderActions /> : null}
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
