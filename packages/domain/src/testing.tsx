/**
 * Sample data for tests (`@tend/domain/testing`; tests only): the fixtures that this package's model tests and
 * the apps' page tests both build, written once beside each model and gathered here for the apps.
 */
export { NOTHING_NEW_SINCE_LAST_LOOK, sinceScreening } from './patient-record/since-model.sample.ts';
export { sampleReport } from './reports/report.sample.ts';
export { messagesPerWeekChart } from './dashboards/chart.sample.ts';
export { sampleRisk } from './caseload/risk.sample.ts';
