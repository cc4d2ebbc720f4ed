import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageFrame, ServerStatusBanner } from '@tend/ui';
import { usePortal, usePortalText } from './context.ts';

/**
 * The frame of a portal's signed-out pages (sign-in, forgotten password, the e-mail confirmation link): the
 * product's name and the header actions, the server-status notice (announced maintenance is told before
 * anyone signs in) and a centred card.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const text = usePortalText();
  const { texts, signedOutHeaderActions: HeaderActions } = usePortal();
  return (
    <PageFrame
      size={460}
      headerSize="100%"
      header={
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg">
            {text(texts.appName)}
          </Text>
          {HeaderActions ? <HeaderActions /> : null}
        </Group>
      }
      banner={<ServerStatusBanner />}
    >
      <Paper withBorder p="xl" radius="md">
        {children}
      </Paper>
    </PageFrame>
  );
}
