import {
  localStorageColorSchemeManager,
  MantineProvider,
  type MantineColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { COLOR_SCHEME_STORAGE_KEY } from '@tend/config/color-scheme';
import { useTranslation } from '@tend/i18n';
import { lazy, Suspense, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme/theme.ts';

/**
 * The notifications' container (and its transitions) loads after the first render: no first view shows a
 * notification, and one shown before it is there waits in @mantine/notifications' store until it is.
 */
const Notifications = lazy(async () => ({
  default: (await import('@mantine/notifications')).Notifications,
}));

/**
 * @mantine/modals' provider (`modals.openConfirmModal` and friends), loaded the same way: no page uses its
 * context (useModals), so it sits beside the page rather than around it and the page never waits for it.
 */
const ModalsProvider = lazy(async () => ({ default: (await import('@mantine/modals')).ModalsProvider }));

/** The colour scheme the person chose (light, dark or auto: the system's) is kept in localStorage. */
export const colorSchemeManager: MantineColorSchemeManager = localStorageColorSchemeManager({
  key: COLOR_SCHEME_STORAGE_KEY,
});

export interface TendProviderProps {
  children?: ReactNode;
  /** Default 'auto' (follows the system until the person chooses). */
  defaultColorScheme?: MantineColorScheme;
  forceColorScheme?: 'light' | 'dark';
  /** 'test' disables transitions and portals (the render helper uses it). */
  env?: 'default' | 'test';
}

/** Mantine (Tend's theme, colour scheme), modals and notifications. i18n is initialised before. */
export function TendProvider({
  children,
  defaultColorScheme = 'auto',
  forceColorScheme,
  env,
}: TendProviderProps) {
  const { t } = useTranslation();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={defaultColorScheme}
      forceColorScheme={forceColorScheme}
      env={env}
      // The theme's CSS variables and global classes are a stylesheet (theme/mantine-theme.css, in styles.css),
      // not <style> elements the Content-Security-Policy would refuse.
      withCssVariables={false}
      withGlobalClasses={false}
    >
      <Suspense fallback={null}>
        <ModalsProvider labels={{ confirm: t('actions.confirm'), cancel: t('actions.cancel') }} />
        {/* In tests a notification stays until closed: on a busy machine its 4 s could end between two looks. */}
        <Notifications position="top-right" limit={3} {...(env === 'test' ? { autoClose: false } : {})} />
      </Suspense>
      {children}
    </MantineProvider>
  );
}
