import { describe, expect, it } from 'vitest';
import { careTestApp, PATIENT_A } from '../patients/care-test-app.ts';

// The risk-factors self-check: ticking "thoughts of hurting myself or ending my life" is a risk signal like
// PHQ-9 item 9: the flag is raised once for the check, and the care team is alerted.
const { op } = careTestApp();

const openAlerts = async () => {
  const { res, body } = await op('therapist', 'listRiskAlerts', {
    query: { status: 'unacknowledged', limit: '100' },
  });
  expect(res.statusCode, JSON.stringify(body)).toBe(200);
  return body as {
    unacknowledged: number;
    items: Array<{ source: string; patientId: string; reason: string }>;
  };
};
const selfCheck = (momentId: string, body: object) =>
  op('patient', 'addMoment', {
    query: { eventType: 'risk-factor' },
    payload: { momentId, eventType: 'risk-factor', start: Date.now(), end: Date.now(), body },
  });

describe('risk-factors self-check', () => {
  it('raises nothing when thoughts of self-harm are not ticked', async () => {
    const { res } = await selfCheck('rf-1', {
      factors: ['I have been sleeping badly', 'I have felt hopeless about the future'],
      level: 'high',
      selfHarmThoughts: false,
    });
    expect(res.statusCode).toBe(201);
    expect((await openAlerts()).unacknowledged).toBe(0);
  });

  it('alerts the care team once when they are ticked, however often the check is sent', async () => {
    const body = {
      factors: ['I have had thoughts of hurting myself or ending my life'],
      level: 'high',
      selfHarmThoughts: true,
    };
    expect((await selfCheck('rf-2', body)).res.statusCode).toBe(201);
    // A retry or an offline replay of the same check.
    expect([200, 201]).toContain((await selfCheck('rf-2', body)).res.statusCode);
    const open = await openAlerts();
    expect(open.unacknowledged).toBe(1);
    expect(open.items[0]).toMatchObject({ patientId: PATIENT_A, source: 'risk-factor-self-harm' });
    expect(open.items[0]!.reason).toMatch(/thoughts of hurting themselves/);
  });

  it('refuses a flag that is not a boolean (400), never stored', async () => {
    const { res } = await selfCheck('rf-3', { factors: [], level: 'low', selfHarmThoughts: 'yes' });
    expect(res.statusCode).toBe(400);
  });
});
