import { describe, expect, it } from 'vitest';
import { largePartApp } from '../../../../test/large-seed.ts';
import { DEMO } from '../../seed-data.ts';
import part, { BENCH_SURVEYS, benchSurveyId } from './80-surveys.ts';

const { t, op } = largePartApp(part, {
  admin: {
    uid: DEMO.admin.id,
    email: DEMO.admin.email,
    scopes: ['org-admin'],
    roles: ['admin'],
    claims: { adminOf: ['org-tend-health'] },
  },
});

describe('the surveys benchmark’s data', () => {
  it(`makes ${BENCH_SURVEYS.toLocaleString('en-GB')} surveys the demo administrator lists oldest first, offered to nobody and never onboarding`, async () => {
    const first = await op('admin', 'listSurveys');
    expect(first.res.statusCode).toBe(200);
    expect(first.body.items[0]).toMatchObject({ surveyId: benchSurveyId(1), organisations: [] });
    expect(first.body.startAfter).toBeTruthy();
    const rows = await t.db
      .selectFrom('surveys')
      .select(['id', 'type'])
      .where('id', 'like', 'bench-survey-%')
      .execute();
    expect(rows).toHaveLength(BENCH_SURVEYS);
    expect(rows.some((r) => r.type === 'onboarding')).toBe(false);
    const offered = await t.db
      .selectFrom('survey_organisations')
      .select('survey_id')
      .where('survey_id', 'like', 'bench-survey-%')
      .execute();
    expect(offered).toHaveLength(0);
  });
});
