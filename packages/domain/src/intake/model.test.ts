import { describe, expect, it } from 'vitest';
import { loadSummary, movablePatients, reassignTargets, waitedDays } from './model.ts';

describe('waitedDays', () => {
  it('counts whole days, never below 0', () => {
    const now = Date.UTC(2026, 0, 10, 12);
    expect(waitedDays(new Date(now - 3.5 * 86_400_000).toISOString(), now)).toBe(3);
    expect(waitedDays(new Date(now - 1000).toISOString(), now)).toBe(0);
    expect(waitedDays(new Date(now + 86_400_000).toISOString(), now)).toBe(0);
  });
});

describe('loadSummary', () => {
  const t = (id: string, patients: number, highRiskPatients = 0) => ({
    therapistId: id,
    firstName: id,
    lastName: 'T',
    organisationId: 'o',
    patients,
    highRiskPatients,
    openAlerts: 0,
    waitingChatRequests: 0,
  });
  it('puts the therapist with the most room first', () => {
    expect(loadSummary([t('a', 5), t('b', 2, 1), t('c', 2)]).map((x) => x.therapistId)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });
});

describe('reassignTargets', () => {
  const t = (id: string, patients: number) => ({
    therapistId: id,
    firstName: id,
    lastName: 'T',
    organisationId: 'o',
    patients,
    highRiskPatients: 0,
    openAlerts: 0,
    waitingChatRequests: 0,
  });
  it('leaves out the current therapist and puts the most room first', () => {
    expect(reassignTargets([t('a', 5), t('now', 0), t('b', 1)], 'now').map((x) => x.therapistId)).toEqual([
      'b',
      'a',
    ]);
  });
  it('is empty when nobody else may take the patient', () => {
    expect(reassignTargets([t('now', 3)], 'now')).toEqual([]);
  });
});

describe('movablePatients', () => {
  it('keeps only the patients whose care the therapist leads', () => {
    const patients = [
      { patientId: 'p1', isLead: true },
      { patientId: 'p2', isLead: false },
    ];
    expect(movablePatients(patients).map((p) => p.patientId)).toEqual(['p1']);
  });
});
