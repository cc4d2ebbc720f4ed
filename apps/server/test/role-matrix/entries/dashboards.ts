// Tag dashboards: administrators' dashboards of the organisations they administer.
import { ORG_X, adminOfX, adminsOwn, entry, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('listDashboardViews', adminsOwn(200)),
  entry('getDashboardEmbedData', adminOfX(200), () => ({
    params: { viewId: 'overview' },
    query: { organisationId: ORG_X },
  })),
];
