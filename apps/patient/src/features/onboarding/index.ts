import type { RouteObject } from 'react-router';
import type { PortalRouteHandle } from '@tend/portal';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const firstRunPage = () => import('./FirstRunPage.tsx');
const onboardingPage = () => import('./OnboardingPage.tsx');
const tourPage = () => import('./TourPage.tsx');

/**
 * Onboarding: the first-run welcome (every new patient, once: finished or skipped), then the organisation's
 * welcome survey when it has one (until it is sent or skipped), then a short tour of the app. The pages are
 * outside the gate below.
 */
export const onboardingRoutes: RouteObject[] = [
  lazyPage('welcome/start', tk('onboarding.firstRun.title'), firstRunPage, 'FirstRunPage'),
  lazyPage('welcome', tk('onboarding.title'), onboardingPage, 'OnboardingPage'),
  lazyPage('welcome/tour', tk('onboarding.tour.title'), tourPage, 'TourPage'),
];

/**
 * The pages a patient reaches once their first-run welcome and onboarding survey are behind them: a pathless
 * layout route (a lazy chunk, so the app's first script does not grow) that sends a new patient to the
 * welcome, and a patient with an unanswered onboarding survey to it.
 */
export function afterOnboarding(children: RouteObject[]): RouteObject {
  return {
    // What the gate reads leaves with the page's own calls, not before them.
    handle: {
      prefetch: async ({ queryClient, prefetches }) => (await prefetches()).prefetchOnboarding(queryClient),
    } satisfies PortalRouteHandle,
    lazy: async () => ({ Component: (await import('./OnboardingGate.tsx')).OnboardingGate }),
    children,
  };
}
