/**
 * The admin console's surveys benchmark data: many surveys the demo administrator made, so the surveys list,
 * its cursor paging and its scrolling are measured at scale.
 *
 * BENCH_DATA: 10,000 surveys `bench-survey-00001` … `bench-survey-10000` ("Bench check-in survey 00001" …),
 * made by admin@example.com (so theirs to see) and offered to no organisation yet, wellbeing, feedback and research
 * in turn, one an hour until a day before the seed (the demo's own surveys come after them, oldest first). One
 * question each; no responses.
 */
import { json } from '../../index.ts';
import { inBatches, type LargeSeedPart } from '../index.ts';

export const BENCH_SURVEYS = 10_000;
// Never onboarding (a patient's first sign-in would ask it), and offered to no organisation: patients never see
// them, the other benchmarks sign in as before.
const TYPES = ['wellbeing', 'feedback', 'research'] as const;
const HOUR = 3_600_000;

export const benchSurveyId = (i: number) => `bench-survey-${String(i).padStart(5, '0')}`;

const part: LargeSeedPart = {
  name: `${BENCH_SURVEYS.toLocaleString('en-GB')} surveys of Tend Health`,
  async seed({ db, demo }) {
    // The oldest first: survey 1 an hour after `start`, survey 10,000 ten thousand hours after.
    const start = Date.now() - (BENCH_SURVEYS + 24) * HOUR;
    const rows = Array.from({ length: BENCH_SURVEYS }, (_, k) => {
      const i = k + 1;
      const n = String(i).padStart(5, '0');
      const created = new Date(start + i * HOUR);
      return {
        id: benchSurveyId(i),
        type: TYPES[i % TYPES.length]!,
        config: json({
          title: `Bench check-in survey ${n}`,
          urlSuffix: `bench-check-in-${n}`,
          questions: [
            {
              id: 'feeling',
              type: 'scale',
              text: 'How are you feeling today?',
              required: true,
              min: 0,
              max: 10,
            },
          ],
        }),
        etag: `"bench-survey-${n}"`,
        created_by: demo.admin.id,
        created_at: created,
        updated_at: created,
      };
    });
    await inBatches(rows, 500, (batch) => db.insertInto('surveys').values(batch).execute());
  },
};
export default part;
