import type { RouteObject } from 'react-router';
import { lazyPage } from '@tend/auth';
import { tk } from '../../tk.ts';

const list = () => import('./OrganisationsPage.tsx');
const create = () => import('./CreateOrganisationPage.tsx');
const one = () => import('./OrganisationPage.tsx');

/** The organisations the administrator runs: the list (with search), a new organisation, and one organisation's page. */
export const organisationsRoutes: RouteObject[] = [
  lazyPage('organisations', tk('organisations.title'), list, 'OrganisationsPage'),
  lazyPage('organisations/new', tk('organisations.create.title'), create, 'CreateOrganisationPage'),
  lazyPage('organisations/:organisationId', tk('organisations.page.title'), one, 'OrganisationPage'),
];
