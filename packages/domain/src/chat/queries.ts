/**
 * The chat's reads and writes over the generated client, with the cache following what the server answers.
 * Patient: chat state, request, end, history, token revocation. Therapist: requests (live by polling: the
 * stream is per chat), accept, my chats (v2 with unread counts, v1 when v2 is missing), invite, hand over,
 * leave, end, claim lead, histories, the patient's risk and eligible colleagues, token revocation.
 */
export * from './queries/polling.ts';
export * from './queries/patient.ts';
export * from './queries/therapist.ts';
export * from './queries/my-chats.ts';
