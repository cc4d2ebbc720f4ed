// @tend/ui: the theme, the providers and the shared components of the four apps.
// The lightbox is a separate entry (@tend/ui/lightbox); the render helper for tests is @tend/ui/test-utils.
export { theme, tendColors, cssVariablesResolver } from './theme/theme.ts';
export { contrastRatio, relativeLuminance } from './theme/contrast.ts';
export { TendProvider, colorSchemeManager, type TendProviderProps } from './TendProvider.tsx';

export { MAIN_CONTENT_ID, PageFrame, SkipLink, type PageFrameProps } from './shell/PageFrame.tsx';
export {
  AppShell,
  type AppShellProps,
  type ShellNavItem,
  type ShellAccountItem,
  type ShellUser,
} from './shell/AppShell.tsx';
export { ColorSchemeToggle } from './shell/ColorSchemeToggle.tsx';
export { TendLogo } from './shell/TendLogo.tsx';
export { IconLink, type IconLinkProps } from './shell/IconLink.tsx';
export { LanguagePicker, type LanguagePickerProps, type LanguageOption } from './shell/LanguagePicker.tsx';
export { NavCountBadge, type NavCountBadgeProps } from './shell/NavCountBadge.tsx';

export { ErrorBoundary, PlainErrorFallback, type ErrorBoundaryProps } from './errors/ErrorBoundary.tsx';
export { ErrorFallback, type ErrorFallbackProps } from './errors/ErrorFallback.tsx';
export {
  setErrorReporter,
  getErrorReporter,
  reportErrorSafely,
  installGlobalErrorHandlers,
  UNCAUGHT_EXCEPTION,
  type ErrorReporter,
} from './errors/errorReporter.ts';

export {
  ServerStatusService,
  createServerStatusService,
  STATUS_POLL_INTERVAL_MS,
  STATUS_POLL_RETRIES,
  STATUS_POLL_FAILED,
  LOGIN_PATH,
  type ServerStatusServiceOptions,
} from './server-status/service.ts';
export {
  computeServerState,
  parseServerStatus,
  toServerStatus,
  type ServerState,
  type ServerStatus,
  type ServerStatusData,
} from './server-status/status.ts';
export {
  ServerStatusBanner,
  getServerStatusService,
  resetServerStatusService,
  useServerStatus,
  POLL_FAILED_NOTIFICATION_ID,
  type ServerStatusBannerProps,
} from './server-status/ServerStatusBanner.tsx';

export { downloadFile, OBJECT_URL_REVOKE_MS } from './download/downloadFile.ts';

export {
  createValidators,
  useValidators,
  isBlank,
  getAtPath,
  toComparable,
  type Rule,
  type ArrayRuleOptions,
  type ElementType,
  type Validators,
} from './forms/validators.ts';

export { sanitizeHtml } from './content/sanitize.ts';
export { SafeText, SafeHtml, type SafeTextProps, type SafeHtmlProps } from './content/SafeText.tsx';

export { TableColumnHeads, type TableColumnHeadsProps } from './table/TableColumnHeads.tsx';

export { Spinner, PageLoader, type SpinnerProps } from './feedback/Spinner.tsx';
export { focusAfterRemoval } from './focus/focusAfterRemoval.ts';
export {
  PageTitle,
  usePageTitle,
  useRouteTitle,
  routeTitle,
  formatPageTitle,
  type RouteTitle,
  type TitledMatch,
} from './feedback/PageTitle.tsx';

export { loadDeferredStylesheets, mountApp, routerReady, type ReadyRouter } from './prerender/takeOver.tsx';
