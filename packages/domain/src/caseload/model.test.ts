import { describe, expect, it } from 'vitest';
import type { AssignedPatientPage, PatientSummary } from '@tend/api/model';
import { sampleRisk as risk } from './risk.sample.ts';
import { filterParams, latestScore, nextCursor, nextSkip, patientName, patientsOf } from './model.ts';

const row = (id: string): PatientSummary => ({
  patientId: id,
  firstName: 'Sam',
  lastName: id,
  risk: risk(),
  lastActivityAt: null,
  isLead: true,
});
const page = (skip: number, ids: string[], total: number): AssignedPatientPage => ({
  skip,
  limit: 2,
  total,
  items: ids.map(row),
});

describe('caseload paging', () => {
  it('asks for the next skip until every matching row is loaded', () => {
    expect(nextSkip(page(0, ['a', 'b'], 5))).toBe(2);
    expect(nextSkip(page(2, ['c', 'd'], 5))).toBe(4);
    expect(nextSkip(page(4, ['e'], 5))).toBeUndefined();
    expect(nextSkip(page(0, [], 0))).toBeUndefined();
    // A list that shrank meanwhile never loops on an empty page.
    expect(nextSkip(page(4, [], 9))).toBeUndefined();
  });

  it("asks for the next page with the server's keyset cursor until it answers none", () => {
    expect(nextCursor({ ...page(0, ['a', 'b'], 5), paginationCursor: 'abc' })).toBe('abc');
    expect(nextCursor({ ...page(2, ['c'], 3), paginationCursor: null })).toBeUndefined();
    // An older server without the cursor: no further page is asked for by cursor.
    expect(nextCursor(page(0, ['a'], 5))).toBeUndefined();
  });

  it('keeps each patient once, where first seen', () => {
    expect(patientsOf([page(0, ['a', 'b'], 4), page(2, ['b', 'c'], 4)]).map((p) => p.patientId)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(patientsOf(undefined)).toEqual([]);
  });

  it('sends only the filters that are set, a search trimmed', () => {
    expect(filterParams({})).toEqual({});
    expect(filterParams({ search: '   ' })).toEqual({});
    expect(filterParams({ search: ' Sam ', highRisk: true, sharedData: false, lead: undefined })).toEqual({
      search: 'Sam',
      highRisk: true,
      sharedData: false,
    });
    expect(filterParams({ search: 'x'.repeat(150) }).search).toHaveLength(100);
  });
});

describe('a row’s latest screening', () => {
  it('gives the band and the change since the previous result, marking reliable change', () => {
    expect(
      latestScore(
        risk({ latestPhq9Total: 16, previousPhq9Total: 9, latestPhq9At: '2026-11-20T09:00:00Z' }),
        'phq9',
      ),
    ).toEqual({
      type: 'phq9',
      total: 16,
      severity: 'moderately-severe',
      aboveCaseness: true,
      at: '2026-11-20T09:00:00Z',
      change: { delta: 7, kind: 'reliable-deterioration' },
    });
    expect(latestScore(risk({ latestPhq9Total: 9, previousPhq9Total: 15 }), 'phq9')?.change).toEqual({
      delta: -6,
      kind: 'reliable-improvement',
    });
    expect(latestScore(risk({ latestPhq9Total: 10, previousPhq9Total: 15 }), 'phq9')?.change).toEqual({
      delta: -5,
      kind: 'no-reliable-change',
    });
    expect(latestScore(risk({ latestGad7Total: 7, previousGad7Total: 11 }), 'gad7')).toMatchObject({
      severity: 'mild',
      aboveCaseness: false,
      change: { delta: -4, kind: 'reliable-improvement' },
    });
    expect(latestScore(risk({ latestGad7Total: 8, previousGad7Total: 5 }), 'gad7')).toMatchObject({
      severity: 'mild',
      aboveCaseness: true,
      change: { delta: 3, kind: 'no-reliable-change' },
    });
  });

  it('has no change for a first result, and nothing without one', () => {
    expect(latestScore(risk({ latestPhq9Total: 0 }), 'phq9')).toEqual({
      type: 'phq9',
      total: 0,
      severity: 'minimal',
      aboveCaseness: false,
      at: null,
    });
    expect(latestScore(risk(), 'phq9')).toBeNull();
    expect(latestScore(risk({ latestPhq9Total: 20 }), 'gad7')).toBeNull();
    expect(patientName({ firstName: 'Sam', lastName: 'Taylor' })).toBe('Sam Taylor');
  });
});
