import { lazy, Suspense, type ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { useTranslation } from '@tend/i18n';
import { PageFrame } from '@tend/ui';
import { useAfterFirstPaint } from './afterFirstPaint.ts';

const ServerStatusNotice = lazy(() => import('./ServerStatusNotice.tsx'));
const MessageAlertBanner = lazy(() => import('./MessageAlertBanner.tsx'));

interface PageLayoutProps {
  children: ReactNode;
  /** Replaces the default top bar (the product name). */
  header?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
}

/**
 * The public pages' frame: a top bar, the server-status notice, the current message alerts (loaded after the
 * first paint), then the page's main content.
 */
export function PageLayout({ children, header, size = 'sm' }: PageLayoutProps) {
  const { t } = useTranslation();
  const painted = useAfterFirstPaint();
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
        <>
          <Suspense fallback={null}>
            <ServerStatusNotice />
          </Suspense>
          {painted ? (
            <Suspense fallback={null}>
              <MessageAlertBanner />
            </Suspense>
          ) : null}
        </>
      }
    >
      {children}
    </PageFrame>
  );
}
