// Tag chats: therapists' chat queue and chats, the chat calls of participants, the admin chat lookup.
// Each call that needs a chat gets a fresh one of patient A, requested by A and accepted by the lead
// (therapist-1); invite and handover name the assigned therapist-2, so the unassigned therapist-3 never
// joins a chat of A. A chat's participants are A and the lead: the assigned therapist is in A's care team
// but not in that chat (403); the unassigned therapist and patient B may not learn it exists (404).
import {
  ASSIGNED,
  PATIENT_A,
  entry,
  patientsAndTherapists,
  reveals,
  therapistsOwn,
  type Entry,
  type Expect,
  type MatrixContext,
  type MatrixRequest,
  type Role,
} from '../roles.ts';
import { chatOfA, chatRequestOfA, endedChatOfA, restoreCareTeamOfA } from './support.ts';

/** The chat (or request) the last call's set-up made. */
let made = '';
const leadsChatOnly = (role: Role, body: unknown) =>
  reveals({ hidden: { assignedTherapist: [made], unassignedTherapist: [made] }, shown: { lead: [made] } })(
    role,
    body,
  );

/** The chat's own therapist (the lead) may; the assigned therapist is not in the chat; the unassigned one cannot see it. */
const chatTherapist = (ok: number): Expect => [401, 403, 403, 403, 404, ok, 403, 403, 403];
/** The assigned therapist, in A's care team, may know that A's chat exists (403 for it, 404 for no chat). */
const inTheTeam: Role[] = ['assignedTherapist'];
const A = { patientId: PATIENT_A };
/** The request of a call about A's chat: a fresh chat of A, and A named. */
const chatOfANamed = async (_role: Role, m: MatrixContext) => {
  await chatOfA(m);
  return { params: A };
};

/** Invite or hand over A's chat to the assigned therapist (the care team is put back afterwards). */
const bringInAssigned = (operationId: string): Entry =>
  entry(
    operationId,
    chatTherapist(200),
    async (_role, m) => {
      await chatOfA(m);
      return { params: { ...A, therapistId: ASSIGNED } };
    },
    { restore: restoreCareTeamOfA, mayKnowItExists: inTheTeam },
  );

/** A therapist's listing of chats, after a fresh chat of A made by `makeChat`: only the lead sees it. */
const listedForTheLead = (
  operationId: string,
  makeChat: (m: MatrixContext) => Promise<string>,
  request: MatrixRequest,
): Entry =>
  entry(
    operationId,
    therapistsOwn(200),
    async (_role, m) => {
      made = await makeChat(m);
      return request;
    },
    { check: (role, body) => leadsChatOnly(role, body) },
  );

export const entries: Entry[] = [
  // A's request is in the queue of A's therapists, not in the unassigned therapist's.
  entry(
    'listChatRequests',
    therapistsOwn(200),
    async (_role, m) => {
      made = await chatRequestOfA(m);
      return { query: { chatTransport: 'stream' } };
    },
    {
      check: (role, body) =>
        reveals({
          hidden: { unassignedTherapist: [made] },
          shown: { assignedTherapist: [made], lead: [made] },
        })(role, body),
    },
  ),
  entry('acceptChatRequest', [401, 403, 403, 200, 404, 200, 403, 403, 403], async (_role, m) => ({
    params: { requestId: await chatRequestOfA(m) },
  })),
  // A's chat (with the lead) is listed for the lead only: the others are not in it.
  listedForTheLead('listTherapistChats', chatOfA, { query: { skip: 0, limit: 5 } }),
  listedForTheLead('listTherapistChatsV2', chatOfA, {}),
  listedForTheLead('getTherapistChatHistory', endedChatOfA, { query: { limit: 5 } }),
  entry('getChatHistoryByUserId', [401, 403, 403, 200, 404, 200, 403, 403, 403], () => ({
    body: { userId: PATIENT_A },
  })),
  entry('getChatToken', chatTherapist(200), async (_role, m) => ({
    query: { chatRoomId: await chatOfA(m) },
  })),
  entry('revokeChatTokens', therapistsOwn(204)),
  entry(
    'getUnreadMessageCounts',
    patientsAndTherapists(200),
    async (_role, m) => {
      made = await chatOfA(m);
      return { query: { channelIds: made } };
    },
    // Counts of A's chat for its participants only (A and the lead); nothing about it for the others.
    {
      check: (role, body) =>
        reveals({
          hidden: { patientB: [made], assignedTherapist: [made], unassignedTherapist: [made] },
          shown: { patientA: [made], lead: [made] },
        })(role, body),
    },
  ),
  bringInAssigned('inviteTherapistToChat'),
  bringInAssigned('handOverChat'),
  entry('endPatientChat', chatTherapist(204), chatOfANamed, { mayKnowItExists: inTheTeam }),
  entry('leavePatientChat', [401, 403, 403, 404, 404, 204, 403, 403, 403], chatOfANamed, {
    restore: restoreCareTeamOfA,
  }),
  entry(
    'claimLead',
    [401, 403, 403, 409, 404, 200, 403, 403, 403],
    async (_role, m) => {
      await restoreCareTeamOfA(m);
      return { params: { patientIdOrEmail: PATIENT_A } };
    },
    {
      note: 'the assigned therapist cannot claim a lead that the lead holds (409)',
      restore: restoreCareTeamOfA,
    },
  ),
  entry(
    'editChatMessage',
    [401, 200, 404, 403, 404, 200, 403, 403, 403],
    async (role, m) => ({
      params: { chatSessionId: await chatOfA(m), chatMessageKey: `key-${role}` },
      body: { messageBody: 'hi' },
    }),
    { mayKnowItExists: inTheTeam },
  ),
  entry(
    'listChatMessages',
    [401, 200, 404, 403, 404, 200, 403, 403, 403],
    async (_role, m) => ({ params: { chatSessionId: await chatOfA(m) }, query: { limit: 20 } }),
    { mayKnowItExists: inTheTeam },
  ),
  entry(
    'markChatAsRead',
    [401, 200, 404, 403, 404, 200, 403, 403, 403],
    async (_role, m) => ({ params: { chatSessionId: await chatOfA(m) } }),
    {
      mayKnowItExists: inTheTeam,
    },
  ),
  entry('getChatsByPatientEmail', [401, 403, 403, 403, 403, 403, 200, 404, 403], () => ({
    params: { patientEmail: 'patient@example.com' },
    query: { reason: 'Role matrix: a safeguarding review.' },
  })),
];
