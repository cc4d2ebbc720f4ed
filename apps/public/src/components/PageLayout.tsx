import { lazy, Suspense, type ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { PageFrame } from '@tend/ui';

const PageNotices = lazy(() => import('./PageNotices.tsx'));

interface PageLayoutProps {
  children: ReactNode;
  /** Replaces the default top bar (the product name). */
  header?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/** The public pages' frame: a top bar, the notices (server status, message alerts), then the page's main content. */
export function PageLayout({ children, header, size = 'sm' }: PageLayoutProps) {
  const { t } = useTranslation();
  return (
    <PageFrame
      size={size}
      header={
        header ?? (
          <Group gap="xs">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <Text fw={700} fz="lg">
              {t('ProductName')}
            </Text>
          </Group>
        )
      }
      banner={
        <Suspense fallback={null}>
          <PageNotices />
        </Suspense>
      }
    >
      {children}
    </PageFrame>
  );
}
