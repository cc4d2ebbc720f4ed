// Tag patient-chat: a patient's own chat with their care team.
import { entry, patientsOwn, type Entry } from '../roles.ts';
import { endOpenChats, requestsOfBothPatients } from './support.ts';

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
  entry('getMyChatHistory', patientsOwn(200)),
];
