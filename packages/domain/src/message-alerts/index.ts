// @tend/domain/message-alerts: service notices. The read side for a signed-in user (listMessageAlertsForUser)
// and its dismissible notices; the administration side lives in its own files of this folder.
export { useMessageAlertsForUser } from './queries.ts';
export { MessageAlertNotices } from './MessageAlertNotices.tsx';
export { useMessageAlertWords } from './words.ts';
