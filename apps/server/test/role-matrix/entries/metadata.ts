// Tag metadata: each patient's own metadata documents.
import { entry, patientsOwn, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('listPatientMetadata', patientsOwn(200)),
  entry('getPatientMetadata', patientsOwn(200), async (role, m) => {
    if (role === 'patientA' || role === 'patientB') {
      await m.inject(role, {
        method: 'POST',
        url: '/patient-metadata/prefs/action/update-metadata',
        headers: { etag: '*' },
        payload: { metadataChangeList: [{ op: 'set', path: 'a', value: 1 }] },
      });
    }
    return { params: { metadataDocumentId: 'prefs' } };
  }),
  entry('updatePatientMetadata', patientsOwn(200), () => ({
    params: { metadataDocumentId: 'matrix' },
    headers: { etag: '*' },
    body: { metadataChangeList: [{ op: 'set', path: 'a', value: 1 }] },
  })),
];
