import { describe, expect, it } from 'vitest';
import { compareVersions, reapply, sameValue } from './versions.ts';

const base = { name: 'Tend Health', settings: { maxRedemptions: 100, domains: ['a.example'] }, note: '' };

describe('versions', () => {
  it('says who changed which field', () => {
    const mine = { ...base, name: 'Tend Health NHS' };
    const stored = { ...base, settings: { ...base.settings, maxRedemptions: 150 } };
    const fields = compareVersions(base, mine, stored);
    expect(fields.find((f) => f.path === 'name')).toMatchObject({
      changedByMe: true,
      changedByThem: false,
      conflict: false,
    });
    expect(fields.find((f) => f.path === 'settings.maxRedemptions')).toMatchObject({
      changedByMe: false,
      changedByThem: true,
      mine: 100,
      stored: 150,
    });
    expect(fields.find((f) => f.path === 'settings.domains')).toMatchObject({
      changedByMe: false,
      changedByThem: false,
    });
  });

  it('marks a field both changed to different values as a conflict', () => {
    const fields = compareVersions(base, { ...base, name: 'Mine' }, { ...base, name: 'Theirs' });
    expect(fields.find((f) => f.path === 'name')).toMatchObject({
      conflict: true,
      mine: 'Mine',
      stored: 'Theirs',
      base: 'Tend Health',
    });
    expect(compareVersions(base, { ...base, name: 'Same' }, { ...base, name: 'Same' })[0]).toMatchObject({
      conflict: false,
    });
  });

  it('re-applies my edits on the stored version without undoing theirs', () => {
    const mine = {
      ...base,
      name: 'Mine',
      settings: { ...base.settings, domains: ['a.example', 'b.example'] },
    };
    const stored = { ...base, name: 'Theirs', settings: { ...base.settings, maxRedemptions: 150 } };
    expect(reapply(base, mine, stored)).toEqual({
      name: 'Mine',
      settings: { maxRedemptions: 150, domains: ['a.example', 'b.example'] },
      note: '',
    });
    // the inputs are left alone
    expect(stored.name).toBe('Theirs');
  });

  it('treats empty text, null and a missing value alike', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(undefined, '')).toBe(true);
    expect(sameValue({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(compareVersions({ a: null }, { a: { x: 1 } }, { a: null })).toEqual([
      {
        path: 'a',
        base: null,
        mine: { x: 1 },
        stored: null,
        changedByMe: true,
        changedByThem: false,
        conflict: false,
      },
    ]);
  });
});
