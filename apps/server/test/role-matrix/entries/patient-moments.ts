// Tag patient-moments: patient A's moments, seen by A and A's therapists; notes by A's therapists only.
import { PATIENT_A, careOfA, entry, therapistsOfA, type Entry } from '../roles.ts';
import { fileOfA, noteOfA } from './support.ts';

const A = { patientId: PATIENT_A };

export const entries: Entry[] = [
  entry('listPatientMoments', careOfA(200), () => ({ params: A, query: { limit: 5 } })),
  entry('getPatientMoment', careOfA(200), async (_role, m) => ({
    params: { ...A, momentId: await fileOfA(m) },
  })),
  entry('getFileUploadPolicy', careOfA(200), () => ({
    params: A,
    query: { type: 'text/plain', fileName: 'a.txt' },
  })),
  entry('createPatientNote', therapistsOfA(201), () => ({ params: A, query: { note: 'Seen' }, body: {} })),
  entry('getMomentContent', careOfA(200), async (_role, m) => ({
    params: { ...A, momentId: await fileOfA(m) },
  })),
  entry('deletePatientNote', therapistsOfA(204), async (_role, m) => ({
    params: { ...A, momentId: await noteOfA(m) },
  })),
];
