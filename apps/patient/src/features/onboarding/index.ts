import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/**
 * Onboarding: the organisation's welcome survey (at the first sign-in and until it is sent or skipped), then
 * a short tour of the app. Both pages are outside the gate below.
 */
export const onboardingRoutes: RouteObject[] = [
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
 * The pages a patient reaches once their onboarding survey is done: a pathless layout route (a lazy chunk, so
 * the app's first script does not grow) that sends a patient with an unanswered onboarding survey to it.
 */
export function afterOnboarding(children: RouteObject[]): RouteObject {
  return {
    lazy: async () => ({ Component: (await import('./OnboardingGate.tsx')).OnboardingGate }),
    children,
  };
}
