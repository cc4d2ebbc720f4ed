// @tend/domain/message-alerts: service notices. The read side for a signed-in user (listMessageAlertsForUser)
// and for the public site (listMessageAlertsForPublic), with their dismissible notices; the administration
// (v2 or v1 calls: list, read, create, replace, delete with the ETag) and the pure model of the admin's form
// (values ⇄ message, the period an alert shows).
export { useMessageAlertsForPublic, useMessageAlertsForUser } from './queries.ts';
export { MessageAlertCards, MessageAlertNotices, PublicMessageAlertNotices } from './MessageAlertNotices.tsx';
export { useMessageAlertWords } from './words.ts';
export {
  ALERT_APIS,
  useAdminMessageAlert,
  useAdminMessageAlerts,
  useCreateAdminMessageAlert,
  useDeleteAdminMessageAlert,
  useSaveAdminMessageAlert,
  type AlertApi,
} from './admin.ts';
export {
  ALERT_AUDIENCES,
  ALERT_SEVERITIES,
  alertPeriodState,
  alertRules,
  emptyAlertValues,
  toAlertMessage,
  toAlertValues,
  type AlertAudience,
  type AlertPeriodState,
  type AlertSeverity,
  type AlertValues,
} from './model.ts';
