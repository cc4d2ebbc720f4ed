import { describe, expect, it } from 'vitest';
import { audienceOf, listNames } from './model.ts';

describe('audienceOf', () => {
  it('names the care team when the patient has therapists', () => {
    expect(
      audienceOf({
        therapists: [{ name: 'Alex Morgan' }, { name: ' Sam Lee ' }],
        organisationName: 'Tend Health',
        responseHours: 24,
      }),
    ).toEqual({ kind: 'therapists', names: ['Alex Morgan', 'Sam Lee'] });
  });

  it('names the organisation’s duty team while there is no therapist, never a care team', () => {
    expect(audienceOf({ therapists: [], organisationName: 'Tend Health', responseHours: null })).toEqual({
      kind: 'duty',
      organisation: 'Tend Health',
    });
  });

  it('promises no one in particular while the safety net is not known', () => {
    expect(audienceOf(undefined)).toEqual({ kind: 'unknown' });
    expect(audienceOf(null)).toEqual({ kind: 'unknown' });
  });
});

describe('listNames', () => {
  it('joins names as each language does', () => {
    expect(listNames(['Alex Morgan'], 'en')).toBe('Alex Morgan');
    expect(listNames(['Alex Morgan', 'Sam Lee'], 'en')).toBe('Alex Morgan and Sam Lee');
    expect(listNames(['Alex Morgan', 'Sam Lee'], 'es')).toBe('Alex Morgan y Sam Lee');
  });
});
