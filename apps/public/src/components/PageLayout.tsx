import type { ReactNode } from 'react';
import { Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from '@tend/i18n';

interface PageLayoutProps {
  children: ReactNode;
  /** Replaces the default top bar (the product name). */
  header?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/** The public pages' frame: a top bar, then the page's main content. */
export function PageLayout({ children, header, size = 'sm' }: PageLayoutProps) {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="tend-skip-link">
        {t('shell.skipToContent')}
      </a>
      <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Container size={size === 'xs' || size === 'sm' ? 'md' : size}>
          {header ?? (
            <Group gap="xs">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <Text fw={700} fz="lg">
                {t('ProductName')}
              </Text>
            </Group>
          )}
        </Container>
      </Box>
      <Container component="main" id="main" tabIndex={-1} size={size} py="xl" style={{ outline: 'none' }}>
        {children}
      </Container>
    </>
  );
}
