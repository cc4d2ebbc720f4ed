// Tag patient: the signed-in patient's own care data.
import { entry, patientsOwn, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('listMyTherapists', patientsOwn(200)),
  entry('getAccessCode', patientsOwn(200)),
  entry('notifyScores', patientsOwn(200), () => ({ query: { phqScore: 3 } })),
  entry('getMyGraph', patientsOwn(200), () => ({ query: { startFrom: 0, endAt: 1 } })),
];
