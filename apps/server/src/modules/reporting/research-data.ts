// The research-data report: one row per PHQ-9, GAD-7, quiz and resilience result in the period, of the
// patients whose organisation has research enabled and who consented where consent is required (the
// consent filter), tagged with the study id. With anonymiseExports, the rows of that organisation carry a
// stable pseudonymous participant id instead of the patient's id, name and e-mail; free text is never in it.
import type { Db } from '../../db/index.ts';
import { loadOrgs } from '../organisations/service.ts';
import { includedInResearch, pseudonymOf, researchSettingsOf } from '../research/service.ts';
import { bandOf, screeningTotal, type Period, type Table } from './aggregates.ts';
import type { Cell } from './csv.ts';

const INSTRUMENTS = ['phq9', 'gad7', 'quiz', 'resilience'] as const;

interface Result {
  instrument: string;
  score: number | null;
  maxScore: number | null;
  band: string;
}

/** The scores of a result, never its answers or any text. */
function resultOf(eventType: string, body: unknown): Result | null {
  const b = (body ?? {}) as Record<string, unknown>;
  if (eventType === 'phq9' || eventType === 'gad7') {
    const total = screeningTotal(body);
    if (total === null) return null;
    return {
      instrument: eventType,
      score: total,
      maxScore: eventType === 'phq9' ? 27 : 21,
      band: bandOf(eventType, total),
    };
  }
  const score = typeof b.score === 'number' ? b.score : null;
  const maxScore = typeof b.maxScore === 'number' ? b.maxScore : null;
  if (score === null) return null;
  const band = eventType === 'resilience' && typeof b.band === 'string' ? b.band : '';
  const instrument = eventType === 'quiz' && typeof b.quizId === 'string' ? `quiz:${b.quizId}` : eventType;
  return { instrument, score, maxScore, band };
}

export async function researchData(
  db: Db,
  ids: string[],
  period: Period,
  options: { secret: string },
): Promise<Table> {
  const orgs = await loadOrgs(db);
  const settings = new Map(ids.map((id) => [id, researchSettingsOf(orgs, id)]));
  const researching = ids.filter((id) => settings.get(id)!.researchEnabled);
  const identified = researching.some((id) => !settings.get(id)!.anonymiseExports);
  const header = [
    'study_id',
    'participant',
    ...(identified ? ['patient_id', 'first_name', 'last_name', 'email'] : []),
    'organisation_id',
    'instrument',
    'date',
    'score',
    'max_score',
    'band',
  ];
  if (researching.length === 0) return { header, rows: [] };
  const rows = await db
    .selectFrom('moments')
    .innerJoin('patients', 'patients.id', 'moments.patient_id')
    .leftJoin('research_consents', 'research_consents.patient_id', 'patients.id')
    .select([
      'patients.id as patient_id',
      'patients.organisation_id as organisation_id',
      'patients.first_name as first_name',
      'patients.last_name as last_name',
      'patients.email as email',
      'research_consents.consented as consented',
      'moments.event_type as event_type',
      'moments.body as body',
      'moments.start_at as start_at',
      'moments.id as moment_id',
    ])
    .where('patients.organisation_id', 'in', researching)
    .where('moments.event_type', 'in', [...INSTRUMENTS])
    .where('moments.start_at', '>=', period.from)
    .where('moments.start_at', '<', period.to)
    .orderBy('moments.start_at')
    .orderBy('moments.id')
    .execute();
  const out: Cell[][] = [];
  for (const r of rows) {
    const s = settings.get(r.organisation_id)!;
    if (!includedInResearch(s, r.consented ?? undefined)) continue;
    const result = resultOf(r.event_type, r.body);
    if (!result) continue;
    const anonymous = s.anonymiseExports;
    out.push([
      s.studyId ?? '',
      pseudonymOf(options.secret, s.studyId, r.patient_id),
      ...(identified
        ? anonymous
          ? ['', '', '', '']
          : [r.patient_id, r.first_name, r.last_name, r.email]
        : []),
      r.organisation_id,
      result.instrument,
      new Date(r.start_at).toISOString().slice(0, 10),
      result.score,
      result.maxScore,
      result.band,
    ]);
  }
  return { header, rows: out };
}
