// @tend/domain/risk-alerts: a therapist's high-risk alerts (listRiskAlerts, polled while the console is open;
// acknowledgeRiskAlert), a patient's risk history, and the risk flag as every therapist screen shows it.
export * from './model.ts';
export {
  useAcknowledgeAlert,
  useOpenAlertCount,
  usePatientRiskHistory,
  useRiskAlerts,
  useTakeOnFromAlert,
} from './queries.ts';
export { RiskFlag, type RiskFlagProps } from './RiskFlag.tsx';
export { useRiskWords } from './words.ts';
