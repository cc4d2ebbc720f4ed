import { describe, expect, it } from 'vitest';
import { alertPeriodState, alertRules, emptyAlertValues, toAlertMessage, toAlertValues } from './model.ts';

const LONDON = 'Europe/London';

describe('toAlertValues / toAlertMessage', () => {
  const message = {
    title: 'Maintenance',
    body: 'Tonight',
    severity: 'warning' as const,
    audience: 'patients' as const,
    organisationId: 'org-1',
    startsAt: '2026-07-01T08:00:00.000Z',
    endsAt: null,
    minVersion: '2.0.0',
    maxVersion: null,
    link: null,
  };

  it('shows instants at the wall clock of the timezone (summer time in London) and blanks for none', () => {
    expect(toAlertValues({ message }, LONDON)).toEqual({
      title: 'Maintenance',
      body: 'Tonight',
      severity: 'warning',
      audience: 'patients',
      organisationId: 'org-1',
      startsAt: '2026-07-01T09:00',
      endsAt: '',
      link: '',
    });
  });

  it('round-trips, keeping the app-version limits it does not edit', () => {
    expect(toAlertMessage(toAlertValues({ message }, LONDON), message, LONDON)).toEqual(message);
  });

  it('trims text, sends blanks as null and no organisation as every organisation', () => {
    const values = {
      ...emptyAlertValues(),
      title: '  Hi ',
      body: ' There ',
      link: '  ',
      startsAt: '2026-01-10T10:30',
    };
    expect(toAlertMessage(values, undefined, LONDON)).toEqual({
      title: 'Hi',
      body: 'There',
      severity: 'info',
      audience: 'patients',
      organisationId: null,
      startsAt: '2026-01-10T10:30:00.000Z',
      endsAt: null,
      minVersion: null,
      maxVersion: null,
      link: null,
    });
  });
});

describe('alertPeriodState', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('is showing with no period, or inside it', () => {
    expect(alertPeriodState({ startsAt: null, endsAt: null }, now)).toBe('showing');
    expect(alertPeriodState({ startsAt: '2026-03-01T11:00:00Z', endsAt: '2026-03-01T13:00:00Z' }, now)).toBe(
      'showing',
    );
  });
  it('is scheduled before its start and ended from its end', () => {
    expect(alertPeriodState({ startsAt: '2026-03-01T12:00:01Z', endsAt: null }, now)).toBe('scheduled');
    expect(alertPeriodState({ startsAt: null, endsAt: '2026-03-01T12:00:00Z' }, now)).toBe('ended');
  });
});

describe('alertRules', () => {
  it('refuses an end at or before the start', () => {
    expect(
      alertRules({ ...emptyAlertValues(), startsAt: '2026-03-01T10:00', endsAt: '2026-03-01T10:00' }).endsAt,
    ).toBe('endBeforeStart');
    expect(
      alertRules({ ...emptyAlertValues(), startsAt: '2026-03-01T10:00', endsAt: '2026-03-01T10:01' }).endsAt,
    ).toBeNull();
    expect(alertRules({ ...emptyAlertValues(), endsAt: '2026-03-01T10:00' }).endsAt).toBeNull();
  });
  it('keeps the public site to alerts for every organisation', () => {
    expect(alertRules({ ...emptyAlertValues('org-1'), audience: 'public' }).audience).toBe(
      'publicNeedsEveryOrganisation',
    );
    expect(alertRules({ ...emptyAlertValues(''), audience: 'public' }).audience).toBeNull();
    expect(alertRules({ ...emptyAlertValues('org-1'), audience: 'patients' }).audience).toBeNull();
  });
});
