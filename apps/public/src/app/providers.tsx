import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider, type I18n } from '@tend/i18n';
import { ErrorBoundary, colorSchemeManager, cssVariablesResolver, theme } from '@tend/ui';

/**
 * i18n, Tend's Mantine theme and an error boundary around everything. The public site has no modals or
 * notifications, so it uses MantineProvider with Tend's theme rather than TendProvider (which adds both, and
 * Floating UI with them, to the initial bundle). TanStack Query is provided by the lazily loaded QueryLayout.
 */
export function Providers({ children, i18n }: { children: ReactNode; i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* The theme's CSS variables and global classes come from @tend/ui/theme.css (see mantine.css), not <style> elements. */}
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        withCssVariables={false}
        withGlobalClasses={false}
      >
        <ErrorBoundary>{children}</ErrorBoundary>
      </MantineProvider>
    </I18nextProvider>
  );
}
