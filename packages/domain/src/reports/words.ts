import { useDomainTranslation } from '../i18n.ts';
import en from './locales/en.json';
import type { FieldProblem, ReportFrequency, ReportStatus } from './model.ts';
import type { ReportType } from '@tend/api/model';

/**
 * The reports subject's words (keys `reports.…` of the `domain` namespace), with each status, report type,
 * frequency, weekday and validation problem as text (keys written out, so the missing-key scanner sees them).
 */
export function useReportWords() {
  const { td, t, i18n } = useDomainTranslation('reports', en);
  const statuses: Record<ReportStatus, string> = {
    queued: td('reports.status.queued'),
    running: td('reports.status.running'),
    succeeded: td('reports.status.succeeded'),
    failed: td('reports.status.failed'),
  };
  const types: Record<ReportType, string> = {
    usage: td('reports.types.usage'),
    'screening-outcomes': td('reports.types.screening-outcomes'),
    engagement: td('reports.types.engagement'),
    'chat-activity': td('reports.types.chat-activity'),
    'survey-responses': td('reports.types.survey-responses'),
    'research-data': td('reports.types.research-data'),
  };
  const frequencies: Record<ReportFrequency, string> = {
    daily: td('reports.frequencies.daily'),
    weekly: td('reports.frequencies.weekly'),
    monthly: td('reports.frequencies.monthly'),
  };
  const weekdays = [
    td('reports.weekdays.1'),
    td('reports.weekdays.2'),
    td('reports.weekdays.3'),
    td('reports.weekdays.4'),
    td('reports.weekdays.5'),
    td('reports.weekdays.6'),
    td('reports.weekdays.7'),
  ];
  const problem = (p: FieldProblem): string => {
    switch (p.key) {
      case 'invalidDate':
        return td('reports.problems.invalidDate');
      case 'toBeforeFrom':
        return td('reports.problems.toBeforeFrom');
      case 'tooLong':
        return td('reports.problems.tooLong');
      case 'notYours':
        return td('reports.problems.notYours');
      case 'blank':
        return td('reports.problems.blank');
      default:
        return td('reports.problems.other', { message: p.message });
    }
  };
  return {
    td,
    t,
    i18n,
    status: (s: ReportStatus) => statuses[s],
    type: (type: ReportType) => types[type],
    frequency: (f: ReportFrequency) => frequencies[f],
    /** ISO weekday (1 Monday). */
    weekday: (d: number) => weekdays[d - 1] ?? String(d),
    problem,
    progressLabel: (name: string, s: ReportStatus) => td('reports.progress', { name, status: statuses[s] }),
    readyText: (name: string) => td('reports.ready', { name }),
  };
}
