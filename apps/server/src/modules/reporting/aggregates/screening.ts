// Screening results: the PHQ-9 and GAD-7 bands, a result's total, and the results of a period by band.
import type { Db } from '../../../db/index.ts';
import type { Cell } from '../csv.ts';
import { orgNames, type Period, type Table } from './common.ts';

/** PHQ-9 bands (Kroenke, Spitzer & Williams 2001) and GAD-7 bands (Spitzer et al. 2006) from the total. */
export const BANDS = {
  phq9: ['minimal', 'mild', 'moderate', 'moderately-severe', 'severe'],
  gad7: ['minimal', 'mild', 'moderate', 'severe'],
} as const;

export function bandOf(instrument: 'phq9' | 'gad7', total: number): string {
  if (total <= 4) return 'minimal';
  if (total <= 9) return 'mild';
  if (total <= 14) return 'moderate';
  if (instrument === 'gad7') return 'severe';
  return total <= 19 ? 'moderately-severe' : 'severe';
}

/** A screening result's total: the stored total, else the sum of its items. */
export function screeningTotal(body: unknown): number | null {
  const b = (body ?? {}) as { total?: unknown; items?: unknown };
  if (typeof b.total === 'number' && Number.isFinite(b.total)) return b.total;
  if (Array.isArray(b.items) && b.items.every((i) => typeof i === 'number'))
    return (b.items as number[]).reduce((a, c) => a + c, 0);
  return null;
}

/** The PHQ-9 and GAD-7 moments of the organisations' patients in the period (the report's and the dashboard's). */
export function screeningMoments(db: Db, ids: string[], period: Period) {
  return db
    .selectFrom('moments')
    .innerJoin('patients', 'patients.id', 'moments.patient_id')
    .select([
      'patients.organisation_id as organisation_id',
      'moments.patient_id as patient_id',
      'moments.event_type as event_type',
      'moments.start_at as start_at',
      'moments.body as body',
    ])
    .where('patients.organisation_id', 'in', ids)
    .where('moments.event_type', 'in', ['phq9', 'gad7'])
    .where('moments.start_at', '>=', period.from)
    .where('moments.start_at', '<', period.to)
    .execute();
}

/** Every PHQ-9/GAD-7 result in the period: counted by band (results, and distinct patients). */
export async function screeningOutcomes(db: Db, ids: string[], period: Period): Promise<Table> {
  const header = ['organisation_id', 'organisation_name', 'instrument', 'band', 'results', 'patients'];
  const orgs = await orgNames(db, ids);
  if (orgs.length === 0) return { header, rows: [] };
  const rows = await screeningMoments(db, ids, period);
  const counts = new Map<string, { results: number; patients: Set<string> }>();
  for (const r of rows) {
    const total = screeningTotal(r.body);
    if (total === null) continue;
    const instrument = r.event_type as 'phq9' | 'gad7';
    const key = `${r.organisation_id}|${instrument}|${bandOf(instrument, total)}`;
    const entry = counts.get(key) ?? { results: 0, patients: new Set<string>() };
    entry.results += 1;
    entry.patients.add(r.patient_id);
    counts.set(key, entry);
  }
  const out: Cell[][] = [];
  for (const o of orgs) {
    for (const instrument of ['phq9', 'gad7'] as const) {
      for (const band of BANDS[instrument]) {
        const c = counts.get(`${o.id}|${instrument}|${band}`);
        out.push([o.id, o.name, instrument, band, c?.results ?? 0, c?.patients.size ?? 0]);
      }
    }
  }
  return { header, rows: out };
}
