// Tag users-data: the data-export tooling only (clone, export, create and erase any user).
import { ORG_X, PATIENT_A, dataExportOnly, entry, type Entry } from '../roles.ts';
import { patientOfX, unique } from './support.ts';

export const entries: Entry[] = [
  entry('cloneUser', dataExportOnly(201), () => ({ params: { userId: PATIENT_A } })),
  entry('exportUserData', dataExportOnly(200), () => ({ params: { userId: PATIENT_A } })),
  entry('createUserData', dataExportOnly(201), () => ({
    body: {
      email: `${unique('matrix-user')}@example.org`,
      firstName: 'New',
      lastName: 'User',
      scopes: ['patient'],
      organisationId: ORG_X,
    },
  })),
  entry('findUserData', dataExportOnly(200), () => ({ body: { query: PATIENT_A } })),
  entry('listUserDataActions', dataExportOnly(200)),
  entry('deleteUserData', dataExportOnly(204), async (_role, m) => ({
    query: { userId: await patientOfX(m) },
  })),
];
