// Screening: patients by band of their latest PHQ-9 and GAD-7 result, and first and last results compared.
import type { Db } from '../../../db/index.ts';
import { screeningTotal } from '../../reporting/aggregates.ts';
import { screeningMoments } from '../../reporting/aggregates/screening.ts';
import { OUTCOME_MEASURES, screeningOutcomes, type TimedResult } from '../outcomes.ts';
import { DAY, isoDay, SCREENING_DAYS, startOfUtcDay } from '../weeks.ts';
import type { DashboardChart, DashboardData, ViewFigures } from './types.ts';

export async function screeningView(db: Db, ids: string[], now: Date): Promise<ViewFigures> {
  const to = new Date(startOfUtcDay(now).getTime() + DAY);
  const from = new Date(to.getTime() - SCREENING_DAYS * DAY);
  const rows = ids.length === 0 ? [] : await screeningMoments(db, ids, { from, to });
  const figures: DashboardData['figures'] = [];
  const charts: DashboardChart[] = [];
  for (const type of ['phq9', 'gad7'] as const) {
    const label = type === 'phq9' ? 'PHQ-9' : 'GAD-7';
    const results: TimedResult[] = [];
    for (const r of rows) {
      const total = r.event_type === type ? screeningTotal(r.body) : null;
      if (total !== null) results.push({ patientId: r.patient_id, at: new Date(r.start_at), total });
    }
    const o = screeningOutcomes(type, results);
    figures.push({ key: `${type}-screened`, name: `Patients with a ${label} result`, value: o.screened });
    charts.push({
      chartId: `${type}-bands`,
      title: `${label}: patients by band of their latest result`,
      kind: 'bar',
      x: 'band',
      series: [{ key: 'patients', name: 'Patients' }],
      rows: o.bands.map((b) => ({ label: b.band, values: [b.patients] })),
    });
    charts.push({
      chartId: `${type}-outcomes`,
      title: `${label}: first and last result compared (patients with two or more)`,
      kind: 'bar',
      x: 'measure',
      series: [{ key: 'patients', name: 'Patients' }],
      rows: OUTCOME_MEASURES.map((m) => ({ label: m, values: [o.outcomes[m]] })),
    });
  }
  return { from: isoDay(from), figures, charts };
}
