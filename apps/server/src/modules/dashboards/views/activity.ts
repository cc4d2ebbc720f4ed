// The overview (the organisation's own numbers and moments per week) and engagement (active patients and
// moments per week, over the organisation and those below it).
import type { Db } from '../../../db/index.ts';
import { patientCount, therapistCount, waitingPatients } from '../../organisations/numbers.ts';
import { engagement, usage } from '../../reporting/aggregates.ts';
import { DAY, addTo, isoDay, weeklyChart, weeksOf } from '../weeks.ts';
import type { ViewFigures } from './types.ts';

/**
 * The overview is of the organisation itself, like its page, Roles and Home: its patients, therapists and
 * waiting patients are the organisation's numbers (../organisations/numbers.ts); the other views compare it
 * with the organisations below it, one row each.
 */
export async function overview(db: Db, ids: string[], now: Date): Promise<ViewFigures> {
  const own = ids.slice(0, 1);
  return overviewOf(db, own, now);
}

async function overviewOf(db: Db, ids: string[], now: Date): Promise<ViewFigures> {
  const { weeks, from, to } = weeksOf(now);
  const [patients, therapists, waiting] = await Promise.all([
    patientCount(db, ids[0]!),
    therapistCount(db, ids[0]!),
    waitingPatients(db, ids[0]!),
  ]);
  const totals = await usage(db, ids, { from, to });
  const recent = await usage(db, ids, { from: new Date(to.getTime() - 30 * DAY), to });
  const perWeek = new Map<string, number>();
  for (const r of (await engagement(db, ids, { from, to })).rows) addTo(perWeek, String(r[2]), Number(r[4]));
  const sum = (rows: typeof totals.rows, col: number) => rows.reduce((a, r) => a + Number(r[col]), 0);
  return {
    from: isoDay(from),
    figures: [
      { key: 'patients', name: 'Patients', value: patients },
      { key: 'waitingPatients', name: 'Waiting for a therapist', value: waiting.count },
      { key: 'activePatients30', name: 'Active patients (30 days)', value: sum(recent.rows, 3) },
      { key: 'therapists', name: 'Therapists', value: therapists },
      { key: 'moments', name: 'Moments (12 weeks)', value: sum(totals.rows, 5) },
    ],
    charts: [
      weeklyChart({ chartId: 'moments-per-week', title: 'Moments per week', kind: 'bar' }, weeks, [
        ['moments', 'Moments', perWeek],
      ]),
    ],
  };
}

export async function engagementView(db: Db, ids: string[], now: Date): Promise<ViewFigures> {
  const { weeks, from, to } = weeksOf(now);
  const active = new Map<string, number>();
  const moments = new Map<string, number>();
  // A patient belongs to one organisation, so the organisations' distinct counts add up.
  for (const r of (await engagement(db, ids, { from, to })).rows) {
    addTo(active, String(r[2]), Number(r[3]));
    addTo(moments, String(r[2]), Number(r[4]));
  }
  return {
    from: isoDay(from),
    figures: [],
    charts: [
      weeklyChart(
        { chartId: 'engagement-per-week', title: 'Active patients and moments per week', kind: 'line' },
        weeks,
        [
          ['activePatients', 'Active patients', active],
          ['moments', 'Moments', moments],
        ],
      ),
    ],
  };
}
