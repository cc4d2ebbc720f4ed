import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import type { PortalRouteHandle } from '@tend/portal';
import { tk } from '../../tk.ts';

/**
 * Onboarding: the first-run welcome (every new patient, once: finished or skipped), then the organisation's
 * welcome survey when it has one (until it is sent or skipped), then a short tour of the app. The pages are
 * outside the gate below.
 */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'welcome/start',
    handle: { title: tk('onboarding.firstRun.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./FirstRunPage.tsx')).FirstRunPage }),
  },
  {
    path: 'welcome',
    handle: { title: tk('onboarding.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./OnboardingPage.tsx')).OnboardingPage }),
  },
  {
    path: 'welcome/tour',
    handle: { title: tk('onboarding.tour.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./TourPage.tsx')).TourPage }),
  },
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
