// Tag research: the signed-in patient's own research consent (their organisation X asks for it).
import { entry, patientsOwn, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('getResearchConsent', patientsOwn(200)),
  entry('setResearchConsent', patientsOwn(200), () => ({ body: { consented: false } })),
];
