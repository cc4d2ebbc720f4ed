import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { rules, type TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';
import { lazyPage } from '@tend/auth';

const accountPage = () => import('./AccountPage.tsx');

/** The patient's account: names, language, e-mail, password, notifications, record, deletion. */
export const accountRoutes: RouteObject[] = [
  lazyPage('account', tk('account.title'), accountPage, 'AccountPage'),
];

/** Outside the shell: the page after the account's deletion (the person is signed out by then). */
export const accountPublicRoutes: RouteObject[] = [
  {
    path: 'account/deleted',
    handle: { title: tk('account.deleted.title'), guard: rules.public } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./AccountDeletedPage.tsx')).AccountDeletedPage }),
  },
];

/** This device's push registration kept with the session (loaded only where the deployment has push). */
export const PushDeviceSync = lazy(async () => ({
  default: (await import('./PushDeviceSync.tsx')).PushDeviceSync,
}));
