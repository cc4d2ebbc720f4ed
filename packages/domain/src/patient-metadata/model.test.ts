import { describe, expect, it } from 'vitest';
import { goalsChanges, goalsValues, newGoal, preferencesChanges, preferencesValues } from './model.ts';

describe('preferences', () => {
  it('reads the stored data as the form, dropping what the contract does not allow', () => {
    expect(preferencesValues(undefined)).toEqual({
      pronouns: '',
      focusAreas: [],
      supportStyle: '',
      remindersOn: false,
    });
    expect(
      preferencesValues({
        pronouns: 'she/her',
        focusAreas: ['sleep', 'flying'],
        supportStyle: 'gentle',
        remindersOn: true,
      }),
    ).toEqual({
      pronouns: 'she/her',
      focusAreas: ['sleep'],
      supportStyle: 'gentle',
      remindersOn: true,
    });
  });

  it('sets what is given and removes what is empty', () => {
    expect(
      preferencesChanges({
        pronouns: ' they/them ',
        focusAreas: ['mood', 'mood'],
        supportStyle: '',
        remindersOn: false,
      }),
    ).toEqual([
      { op: 'set', path: 'pronouns', value: 'they/them' },
      { op: 'set', path: 'focusAreas', value: ['mood'] },
      { op: 'remove', path: 'supportStyle' },
      { op: 'set', path: 'remindersOn', value: false },
    ]);
    expect(
      preferencesChanges({
        pronouns: '',
        focusAreas: [],
        supportStyle: 'practical',
        remindersOn: true,
      }).slice(0, 2),
    ).toEqual([
      { op: 'remove', path: 'pronouns' },
      { op: 'remove', path: 'focusAreas' },
    ]);
  });
});

describe('goals', () => {
  it('reads the goals oldest first, and writes them back as one object by id, empty rows left out', () => {
    const values = goalsValues({
      goals: {
        b: { text: 'Sleep by 11', achieved: true, createdAt: '2026-02-01T00:00:00Z' },
        a: { text: 'Walk', why: 'Feel better', achieved: false, createdAt: '2026-01-01T00:00:00Z' },
      },
    });
    expect(values.goals.map((g) => g.id)).toEqual(['a', 'b']);
    const blank = { ...newGoal(new Date('2026-03-01T00:00:00Z')), text: '   ' };
    expect(goalsChanges({ goals: [...values.goals, blank] })).toEqual([
      {
        op: 'set',
        path: 'goals',
        value: {
          a: { text: 'Walk', why: 'Feel better', achieved: false, createdAt: '2026-01-01T00:00:00Z' },
          b: { text: 'Sleep by 11', achieved: true, createdAt: '2026-02-01T00:00:00Z' },
        },
      },
    ]);
    expect(goalsValues(undefined)).toEqual({ goals: [] });
  });

  it('gives new goals ids the contract accepts', () => {
    expect(newGoal().id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});
