import { http, HttpResponse } from 'msw';
import { getGetCurrentScopesMockHandler } from '@tend/api/msw';

/** The organisation picker's search, finding nothing. */
export const noOrganisationFound = http.get('*/organisation/action/search', () =>
  HttpResponse.json({ items: [] }),
);

/** No organisations at the top of the administrator's tree, and none found by a search. */
export const noOrganisations = [
  http.get('*/organisation/list', () => HttpResponse.json({ items: [], lastPage: null })),
  noOrganisationFound,
];

/** The signed-in administrator's scopes: organisation administrator, and a platform administrator or not. */
export const orgAdminScopes = (platformAdmin: boolean) =>
  getGetCurrentScopesMockHandler({
    uid: 'admin-1',
    scopes: ['org-admin'],
    available: ['org-admin'],
    platformAdmin,
  });
