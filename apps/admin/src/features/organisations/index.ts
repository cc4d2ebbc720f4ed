import type { RouteObject } from 'react-router';
import type { TendRouteHandle } from '@tend/auth';
import { tk } from '../../tk.ts';

/** The organisations the administrator runs: the list (with search), a new organisation, and one organisation's page. */
export const organisationsRoutes: RouteObject[] = [
  {
    path: 'organisations',
    handle: { title: tk('organisations.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./OrganisationsPage.tsx')).OrganisationsPage }),
  },
  {
    path: 'organisations/new',
    handle: { title: tk('organisations.create.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./CreateOrganisationPage.tsx')).CreateOrganisationPage }),
  },
  {
    path: 'organisations/:organisationId',
    handle: { title: tk('organisations.page.title') } satisfies TendRouteHandle,
    lazy: async () => ({ Component: (await import('./OrganisationPage.tsx')).OrganisationPage }),
  },
];
