// @tend/auth: Firebase sign-in with the server's second factor, the session, idle timeout, route guards and
// the MFA components. See README.md.

// Start-up
export {
  APP_SCOPES,
  idleTimeoutFor,
  initAuth,
  registerTokenProvider,
  type InitAuthOptions,
  type SignedInApp,
} from './init.ts';

// Session
export {
  BEFORE_SIGN_OUT_TIMEOUT_MS,
  createAuthClient,
  type AuthClient,
  type AuthClientOptions,
  type BeforeSignOut,
  type CustomTokenRequest,
  type IdentityApi,
} from './session/authClient.ts';
export { AuthProvider, useAuth, useAuthClient, type UseAuth } from './session/AuthProvider.tsx';
export {
  ReauthenticationProvider,
  REAUTH_FRESH_MS,
  useReauthenticate,
  type Reauthenticate,
} from './session/Reauthentication.tsx';
export type { IdentityPort, PendingSignIn } from './session/firebase.ts';
export type { AuthSnapshot, AuthUser, SignOutReason } from './session/types.ts';
export { createIdentityApi } from './api.ts';

// Sign-in flow (framework-free)
export {
  createSignInFlow,
  grantsApp,
  type ScopeRequest,
  type SignInFlow,
  type SignInFlowOptions,
  type SignInPorts,
  type SignInState,
} from './flow/signInFlow.ts';
export { useFlow, useSignInFlow } from './flow/useSignInFlow.ts';
export {
  challengeResponseHeader,
  defaultOption,
  normaliseCode,
  parseMfaOptions,
  type MfaOption,
} from './flow/mfaOptions.ts';
export { authProblemOf, describeProblem, type AuthProblem, type ProblemKey } from './flow/problems.ts';

// Screens
export { SignInPanel, type SignInPanelProps } from './components/SignInPanel.tsx';
export { SignInForm, type SignInFormProps } from './components/SignInForm.tsx';
export {
  ForgotPasswordForm,
  ForgotPasswordPanel,
  type ForgotPasswordFormProps,
} from './components/ForgotPasswordForm.tsx';
export { useAuthProblemWords } from './components/authProblemWords.ts';

// MFA components (props-driven) and their wiring to the generated calls
export { MfaChallengeForm, type MfaChallengeFormProps } from './mfa/MfaChallengeForm.tsx';
export {
  MfaConfigurationList,
  type MfaConfigurationItem,
  type MfaConfigurationListProps,
} from './mfa/MfaConfigurationList.tsx';
export {
  TotpEnrolment,
  groupSecret,
  type CreatedTotpSecret,
  type TotpEnrolmentProps,
} from './mfa/TotpEnrolment.tsx';
export { EmailFactorSetup, type EmailFactorSetupProps } from './mfa/EmailFactorSetup.tsx';
export { CodeInput } from './mfa/CodeInput.tsx';
export { MfaSettings, TotpEnrolmentContainer, useMfaMutations } from './mfa/containers.tsx';

// Idle timeout
export { IdleTimeout, type IdleTimeoutProps } from './idle/IdleTimeout.tsx';
export {
  createIdleTimer,
  DEFAULT_WARNING_MS,
  IDLE_OVERRIDE_PARAM,
  IDLE_TIMEOUTS,
  listenForActivity,
  MAX_SESSION_MS,
  resolveIdleTimeout,
  type IdleTimer,
  type IdleTimerOptions,
} from './idle/idleTimer.ts';

// Route guard (react-router 7 data routers)
export {
  evaluateGuard,
  rules,
  currentPath,
  type GuardContext,
  type GuardOutcome,
  type GuardResult,
  type GuardRule,
} from './guard/rules.ts';
export {
  GUARD_REFUSED,
  guardRoutes,
  isGuardRefusal,
  NAVIGATION_FAILED,
  watchNavigationFailures,
  type GuardRoutesOptions,
  type RouteTitle,
  type TendRouteHandle,
} from './guard/routes.ts';
export { lazyPage } from './guard/lazyPage.ts';
export {
  loginPathFor,
  RETURN_TO_PARAM,
  returnToFrom,
  safeRedirectPath,
  segmentsToPath,
  toInAppPath,
} from './guard/paths.ts';
export { RouteError } from './guard/RouteError.tsx';

// Translations
export { AUTH_NS, authEn, authKey, registerAuthTranslations, useAuthTranslation } from './i18n.ts';
