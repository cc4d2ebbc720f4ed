import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { PageLayout } from '../../components/PageLayout.tsx';

/** The frame of the contact pages: the heading, the form (or what replaced it), where to find urgent help. */
export function ContactPage({ heading, children }: { heading: string; children: ReactNode }) {
  const { t } = useTranslation('public');
  return (
    <PageLayout>
      <Stack gap="lg">
        <Title order={1}>{heading}</Title>
        {children}
        <Text size="sm">{t('contact.urgent')}</Text>
      </Stack>
    </PageLayout>
  );
}
