// Tag patient-chat: a patient's own chat with their care team.
import { entry, patientsOwn, reveals, type Entry } from '../roles.ts';
import { endOpenChats, endedChatOfA, requestsOfBothPatients } from './support.ts';

/** The chat the last call's set-up made. */
let made = '';

export const entries: Entry[] = [
  entry('requestChat', patientsOwn(201), async (_role, m) => {
    await endOpenChats(m);
    return { query: { chatTransport: 'stream' }, body: { message: 'hello' } };
  }),
  entry('requestEmergencyChat', patientsOwn(201), async (_role, m) => {
    await endOpenChats(m);
    return { body: { message: 'help' } };
  }),
  entry('getMyChatState', patientsOwn(200)),
  entry('getPatientChatToken', patientsOwn(200), async (_role, m) => {
    await requestsOfBothPatients(m);
    return {};
  }),
  entry('revokePatientChatToken', patientsOwn(204)),
  entry('endMyChat', patientsOwn(204), async (_role, m) => {
    await requestsOfBothPatients(m);
    return {};
  }),
  // A's ended chat is in A's history, not in B's.
  entry(
    'getMyChatHistory',
    patientsOwn(200),
    async (_role, m) => {
      made = await endedChatOfA(m);
      return {};
    },
    {
      check: (role, body) =>
        reveals({ hidden: { patientB: [made] }, shown: { patientA: [made] } })(role, body),
    },
  ),
];
