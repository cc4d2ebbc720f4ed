// The role matrix of the chat operations (patient-chat, chats, therapist-chat, admin-chat): every operation
// called by each of the nine roles, with the status each must get, answers checked against the contract.
// Patient A is patient-01 (care team: lead therapist-1, invited therapist-2); each call that needs a chat
// gets a fresh one, requested by patient A and accepted by the lead (invite and handover name therapist-2,
// so the unassigned therapist-3 never joins a chat of patient A).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModules } from '../registry.ts';
import { callContract, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { as, chatResolveUser, seedChatWorld } from './test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ resolveUser: chatResolveUser, rateLimitEnabled: false });
  await seedChatWorld(t.db);
});
afterAll(async () => t?.close());

/** anonymous, patient A, patient B, assigned therapist, unassigned therapist, lead, admin of the organisation, admin of another, data-export */
const ROLES = [null, 'patient', 'patient2', 'therapist2', 'therapist3', 'lead', 'admin', 'otherAdmin', 'dataExport'] as const;
type Role = (typeof ROLES)[number];
const ROLE_NAMES = ['anonymous', 'patient A', 'patient B', 'assigned therapist', 'unassigned therapist', 'lead', 'admin of the organisation', 'admin of another', 'data-export'];
type Expect = [number, number, number, number, number, number, number, number, number];

interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string | ((role: Role) => Promise<string> | string);
  payload?: Record<string, unknown>;
  expect: Expect;
}

const patientOnly = (ok: number): Expect => [401, ok, ok, 403, 403, 403, 403, 403, 403];
const therapists = (ok: number): Expect => [401, 403, 403, ok, ok, ok, 403, 403, 403];
/** The chat's own people: the lead (a participant) may; the assigned therapist is not in the chat; the unassigned one cannot see it. */
const chatTherapist = (ok: number): Expect => [401, 403, 403, 403, 404, ok, 403, 403, 403];

/** Ends every open chat of both patients (directly), so the next request starts clean. */
async function clean(): Promise<void> {
  await t.db.updateTable('chat_sessions').set({ status: 'ended', ended_at: new Date() }).where('status', '<>', 'ended').execute();
}

/** A fresh chat request of patient A (returns its id). */
async function freshRequest(): Promise<string> {
  await clean();
  const res = await t.app.inject({ ...as('patient', { method: 'POST', url: '/patient/chat/request-chat', payload: { message: 'hello' } }) });
  return (res.json() as { requestId: string }).requestId;
}

/** A fresh open chat of patient A, accepted by the lead (therapist-1). */
async function freshChat(): Promise<string> {
  const id = await freshRequest();
  await t.app.inject(as('lead', { method: 'GET', url: `/therapist/chat-requests/${id}/accept` }));
  return id;
}

/** Each patient role gets an open request of its own (patient-chat calls that need one). */
async function ownRequest(role: Role): Promise<void> {
  await clean();
  for (const patient of ['patient', 'patient2']) {
    await t.app.inject(as(patient, { method: 'POST', url: '/patient/chat/request-chat', payload: { message: `hi from ${role ?? 'nobody'}` } }));
  }
}

const CASES: Record<string, Case> = {
  // patient-chat
  requestChat: { method: 'POST', url: async () => (await clean(), '/patient/chat/request-chat?chatTransport=stream'), payload: { message: 'hello' }, expect: patientOnly(201) },
  requestEmergencyChat: { method: 'POST', url: '/patient/chat/request-emergency-chat', payload: { message: 'help' }, expect: patientOnly(201) },
  getMyChatState: { method: 'GET', url: '/patient/chat/exists', expect: patientOnly(200) },
  getPatientChatToken: { method: 'GET', url: async (role) => (await ownRequest(role), '/patient/chat/token'), expect: patientOnly(200) },
  revokePatientChatToken: { method: 'DELETE', url: '/patient/chat/token', expect: patientOnly(204) },
  endMyChat: { method: 'POST', url: async (role) => (await ownRequest(role), '/patient/chat/end-chat'), expect: patientOnly(204) },
  getMyChatHistory: { method: 'GET', url: '/patient/chat/v1/history', expect: patientOnly(200) },
  // therapist-chat
  listChatRequests: { method: 'GET', url: async () => (await freshRequest(), '/therapist/chat-requests?chatTransport=stream'), expect: therapists(200) },
  acceptChatRequest: { method: 'GET', url: async () => `/therapist/chat-requests/${await freshRequest()}/accept`, expect: [401, 403, 403, 200, 404, 200, 403, 403, 403] },
  listTherapistChats: { method: 'GET', url: async () => (await freshChat(), '/therapist/chats?skip=0&limit=5'), expect: therapists(200) },
  listTherapistChatsV2: { method: 'GET', url: '/therapist/v2/chats', expect: therapists(200) },
  getTherapistChatHistory: { method: 'GET', url: '/therapist/v1/chat-history?limit=5', expect: therapists(200) },
  getChatHistoryByUserId: { method: 'POST', url: '/therapist/v1/actions/get-chat-history-by-user-id', payload: { userId: 'patient-01' }, expect: [401, 403, 403, 200, 404, 200, 403, 403, 403] },
  // chats
  getChatToken: { method: 'GET', url: async () => `/chats/token?chatRoomId=${await freshChat()}`, expect: chatTherapist(200) },
  revokeChatTokens: { method: 'DELETE', url: '/chats/token', expect: therapists(204) },
  getUnreadMessageCounts: { method: 'GET', url: async () => `/chats/unread-messages?channelIds=${await freshChat()}`, expect: [401, 200, 200, 200, 200, 200, 403, 403, 403] },
  inviteTherapistToChat: { method: 'POST', url: async () => (await freshChat(), '/chats/patient-01/invite/therapist-2'), expect: chatTherapist(200) },
  handOverChat: { method: 'POST', url: async () => (await freshChat(), '/chats/patient-01/handover/therapist-2'), expect: chatTherapist(200) },
  endPatientChat: { method: 'POST', url: async () => (await freshChat(), '/chats/patient-01/end-chat'), expect: chatTherapist(204) },
  leavePatientChat: { method: 'POST', url: async () => (await freshChat(), '/chats/patient-01/leave-chat'), expect: [401, 403, 403, 404, 404, 204, 403, 403, 403] },
  claimLead: { method: 'POST', url: '/chats/patient-01/claim-lead', expect: [401, 403, 403, 409, 404, 200, 403, 403, 403] },
  editChatMessage: { method: 'PUT', url: async (role) => `/chats/${await freshChat()}/messages/key-${role ?? 'anonymous'}`, payload: { messageBody: 'hi' }, expect: [401, 200, 404, 403, 404, 200, 403, 403, 403] },
  markChatAsRead: { method: 'POST', url: async () => `/chats/${await freshChat()}/action/markAllAsRead`, expect: [401, 200, 404, 403, 404, 200, 403, 403, 403] },
  // admin-chat
  getChatsByPatientEmail: { method: 'GET', url: '/admin/chat/patient%40example.com', expect: [401, 403, 403, 403, 403, 403, 200, 404, 403] },
};

describe('role matrix of the chat operations', () => {
  it('covers every operation of the chat modules', async () => {
    const { owners } = await loadModules();
    const mine = Object.entries(owners)
      .filter(([, folder]) => ['patient-chat', 'chats', 'therapist-chat', 'admin-chat'].includes(folder))
      .map(([operationId]) => operationId);
    expect(mine.sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [operationId, c] of Object.entries(CASES)) {
    it(`${operationId}: ${c.expect.join(' ')}`, async () => {
      const got: string[] = [];
      const want: string[] = [];
      for (const [i, role] of ROLES.entries()) {
        const url = typeof c.url === 'function' ? await c.url(role) : c.url;
        const headers = role ? { 'x-test-user': role } : {};
        const { res } = await callContract(t.app, operationId, { method: c.method, url, headers, ...(c.payload ? { payload: c.payload } : {}) });
        got.push(`${ROLE_NAMES[i]} ${res.statusCode}`);
        want.push(`${ROLE_NAMES[i]} ${c.expect[i]}`);
      }
      expect(got).toEqual(want);
    });
  }
});
