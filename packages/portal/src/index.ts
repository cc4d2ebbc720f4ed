// @tend/portal: the shape the signed-in portals (patient, therapist, admin) share: createPortal, startPortal,
// the shell wiring and the shared pages (sign-in, forgotten password, e-mail confirmation, security, not
// found). See README.md.
export { createPortal, type Portal } from './createPortal.tsx';
export { PortalApp, PortalProviders, type PortalAppProps, type PortalProvidersProps } from './PortalApp.tsx';
export { startPortal } from './startPortal.tsx';
export { PortalGreeting } from './PortalGreeting.tsx';
export { AuthLayout } from './AuthLayout.tsx';
export { usePortal, usePortalText } from './context.ts';
export { portalPaths } from './paths.ts';
export { PORTAL_NS, portalEn, portalKey, registerPortalTranslations, usePortalTranslation } from './i18n.ts';
export type {
  PortalDefinition,
  PortalNavItem,
  PortalOptions,
  PortalRouteHandle,
  PortalTexts,
  Prefetch,
  PrefetchContext,
} from './types.ts';
