// Tag organisations: the administrator of X on X (and X's children); the other administrator may not
// learn that X exists (404 on X's per-organisation calls, 403 where they name X in a body). Every signed-in
// user reads their own organisation. Calls that change an organisation act on a new child of X.
import {
  ORG_X,
  ORG_X_CHILD,
  ORG_Y,
  adminOfX,
  adminsOwn,
  entry,
  everyone,
  reveals,
  signedIn,
  statuses,
  type Entry,
} from '../roles.ts';
import { childOfX, etagOf, patientOfX, unique } from './support.ts';

const X = { organisation: ORG_X };

/** Each administrator sees their own organisations only. */
const ownOrganisations = reveals({
  hidden: { orgAdmin: [ORG_Y], otherAdmin: [ORG_X, ORG_X_CHILD] },
  shown: { orgAdmin: [ORG_X, ORG_X_CHILD], otherAdmin: [ORG_Y] },
});
const read = (operationId: string): Entry => entry(operationId, adminOfX(200), () => ({ params: X }));

/** A PATCH of one section of a new child of X, with that section's current ETag. */
const patch = (operationId: string, section: string, body: Record<string, unknown>): Entry =>
  entry(operationId, adminOfX(200), async (_role, m) => {
    const id = await childOfX(m);
    return {
      params: { organisation: id },
      headers: { ETag: await etagOf(m, `/organisation/${id}/${section}`) },
      body,
    };
  });

export const entries: Entry[] = [
  entry('listOrganisations', adminsOwn(200), () => ({ query: { pageSize: 10 } }), {
    check: ownOrganisations,
  }),
  // Each caller's own organisation; the data-export account belongs to none.
  entry('getMyOrganisation', statuses({ anonymous: 401, dataExport: 404, others: 200 }), () => ({}), {
    check: reveals({
      hidden: { otherAdmin: [ORG_X], orgAdmin: [ORG_Y], patientA: [ORG_Y], unassignedTherapist: [ORG_Y] },
      shown: { patientA: [ORG_X], patientB: [ORG_X], lead: [ORG_X], orgAdmin: [ORG_X], otherAdmin: [ORG_Y] },
    }),
  }),
  entry('createOrganisation', adminOfX(201, 403), () => ({
    query: { maxRedemptions: 5 },
    body: { tubAdminOrganisationDetails: { name: unique('Zz matrix'), parentOrganisation: ORG_X } },
  })),
  entry('getSubscriptionValidity', signedIn(200)),
  read('getOrganisationUnmerged'),
  read('getOrganisationMerged'),
  read('getOrganisationDetails'),
  read('getOrganisationAppSettings'),
  read('getOrganisationSubscription'),
  read('getOrganisationSubscriptionUnmerged'),
  read('getOrganisationResearchSettings'),
  patch('updateOrganisationSubscription', 'subscription/unmerged', { seats: 20 }),
  patch('updateOrganisationDetails', 'details/unmerged', { phone: '+44 20 7946 0001' }),
  patch('updateOrganisationAppSettings', 'app-settings/unmerged', { journalEnabled: false }),
  patch('updateOrganisationResearchSettings', 'research-settings/unmerged', { consentRequired: true }),
  entry('enableOrganisation', adminOfX(200), async (_role, m) => ({
    params: { organisation: await childOfX(m) },
    query: { maxRedemptions: 20 },
  })),
  entry('disableOrganisation', adminOfX(200), async (_role, m) => ({
    params: { organisation: await childOfX(m) },
  })),
  // A new patient of X moved into X's child by X's administrator; the other administrator tries to move
  // that patient of X into their own organisation Y (404: X's patients are not theirs to know).
  entry('addPatientToOrganisation', adminOfX(200), async (role, m) => ({
    params: { organisation: role === 'otherAdmin' ? ORG_Y : ORG_X_CHILD, patient: await patientOfX(m) },
  })),
  // Patient A (of X) found by address for X's child; the other administrator asks for Y (404: A is not theirs).
  entry('findPatientForOrganisation', adminOfX(200), (role) => ({
    params: { organisation: role === 'otherAdmin' ? ORG_Y : ORG_X_CHILD },
    query: { email: 'patient@example.com' },
  })),
  // Who holds which scope in X: X's administrator (and X's people) only.
  entry('listOrganisationRoles', adminOfX(200), () => ({ params: X }), {
    check: reveals({ hidden: {}, shown: { orgAdmin: ['admin-1', 'therapist-1'] } }),
  }),
  entry('getOrganisationImageUploadPolicy', adminsOwn(200)),
  entry('isEmailWhitelisted', everyone(200), () => ({ query: { email: 'someone@tend-health.example' } })),
  // 'e' matches names in both trees: each administrator finds their own only.
  entry('searchOrganisations', adminsOwn(200), () => ({ query: { term: 'e' } }), { check: ownOrganisations }),
  entry('regenerateOrganisationAccessCode', adminOfX(200), async (_role, m) => ({
    params: { organisation: await childOfX(m) },
  })),
];
