// @tend/domain/reports: the admin console's reports (createReport, listReports paged with its cursor,
// getReport asked again while a report is being made, renameReport, retryReport, validateReport, zipReports
// as a download) and the report scheduler (getReportSchedule, updateReportSchedule, downloadScheduledReport),
// with the pure model: a status as words and progress, the scheduler's UTC settings in the administrator's
// timezone, the server's validation problems as field errors.
export {
  REPORT_PAGE_SIZE,
  REPORT_POLL_MS,
  putReport,
  useCreateReport,
  useDownloadReports,
  useDownloadScheduledReport,
  useRenameReport,
  useReportSchedule,
  useReports,
  useRetryReport,
  useSaveReportSchedule,
  useValidateReport,
  type Report,
  type ReportInput,
  type ReportSchedule,
} from './queries.ts';
export * from './model.ts';
export { useReportWords } from './words.ts';
