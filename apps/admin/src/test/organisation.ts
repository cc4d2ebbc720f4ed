import type { Organisation } from '@tend/api/model';

/** Tend Health North as the organisation pages read it (merged or own), every section inherited unless given. */
export const organisationOf = (over: Partial<Organisation> = {}): Organisation => ({
  id: 'org-north',
  name: 'Tend Health North',
  enabled: true,
  parentOrganisation: 'org-root',
  details: null,
  appSettings: null,
  subscription: null,
  researchSettings: null,
  ...over,
});
