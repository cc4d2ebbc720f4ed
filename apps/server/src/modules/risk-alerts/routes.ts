// High-risk alerts (tag `risk-alerts`). When a patient is flagged high-risk (patients/risk.ts setRisk: PHQ-9
// item 9 above 0, a severe band, a score notification, a colleague's flag) each other therapist of the care
// team gets a `high-risk` row in therapist_notifications: that row is the alert. A therapist lists and
// acknowledges only their own alerts, of patients still in their care; the patient's risk history (flag
// changes and every alert with its acknowledgement) is for the patient's care team.
// The handlers: ./alerts.ts (list, acknowledge, take on) and ./history.ts (the patient's risk history).
import type { Handlers } from '../../http/types.ts';
import { alertHandlers } from './alerts.ts';
import { historyHandlers } from './history.ts';

export { ALERT_KIND } from '../duty/service.ts';

export const handlers: Handlers = { ...alertHandlers, ...historyHandlers };
