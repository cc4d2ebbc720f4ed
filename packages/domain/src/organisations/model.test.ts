import { describe, expect, it } from 'vitest';
import {
  MAX_LOGO_BYTES,
  checkLogo,
  inheritanceOf,
  ownFormValues,
  patchOf,
  placesOf,
  subscriptionState,
} from './model.ts';

describe('inheritanceOf', () => {
  it('marks a field without an own value as inherited, with the value in effect', () => {
    const fields = inheritanceOf(
      ['plan', 'seats', 'endsAt'],
      { plan: 'standard', seats: null, endsAt: null },
      { plan: 'standard', seats: 40, endsAt: null },
    );
    expect(fields).toEqual([
      { field: 'plan', own: 'standard', effective: 'standard', inherited: false },
      { field: 'seats', own: null, effective: 40, inherited: true },
      { field: 'endsAt', own: null, effective: null, inherited: true },
    ]);
  });

  it('reads a whole inherited section (null) and missing fields as inherited', () => {
    expect(inheritanceOf(['plan'], null, { plan: 'trial' })).toEqual([
      { field: 'plan', own: null, effective: 'trial', inherited: true },
    ]);
    expect(inheritanceOf(['plan'], {}, undefined)).toEqual([
      { field: 'plan', own: null, effective: null, inherited: true },
    ]);
  });

  it('keeps own false, 0 and empty lists as own values', () => {
    const fields = inheritanceOf(['a', 'b', 'c'], { a: false, b: 0, c: [] }, { a: false, b: 0, c: [] });
    expect(fields.map((f) => f.inherited)).toEqual([false, false, false]);
  });
});

describe('patchOf', () => {
  it('sends only the changed fields, null for one reset to inherited or emptied', () => {
    expect(
      patchOf(
        { plan: 'trial', seats: 10, endsAt: '2027-01-01' },
        { plan: 'standard', seats: 10, endsAt: '' },
      ),
    ).toEqual({ plan: 'standard', endsAt: null });
    expect(patchOf({ seats: 10 }, { seats: null })).toEqual({ seats: null });
  });

  it('sends nothing when nothing changed, lists compared by value', () => {
    expect(patchOf({ a: ['x'], b: '' }, { a: ['x'], b: null })).toEqual({});
    expect(patchOf({ a: ['x'] }, { a: ['x', 'y'] })).toEqual({ a: ['x', 'y'] });
  });
});

describe('placesOf', () => {
  it('counts the places left, none below zero, and no limit without a maximum', () => {
    expect(placesOf(12, 50)).toEqual({ used: 12, max: 50, left: 38, full: false });
    expect(placesOf(60, 50)).toEqual({ used: 60, max: 50, left: 0, full: true });
    expect(placesOf(3, null)).toEqual({ used: 3, max: null, left: null, full: false });
  });
});

describe('subscriptionState', () => {
  it('tells not started, active (end inclusive), ended and none', () => {
    expect(subscriptionState('2026-12-31', '2027-01-01', '2026-11-23')).toBe('notStarted');
    expect(subscriptionState('2026-11-23', null, '2026-11-23')).toBe('active');
    expect(subscriptionState('2026-11-22', null, '2026-11-23')).toBe('ended');
    expect(subscriptionState(null, null, '2026-11-23')).toBe('none');
    expect(subscriptionState(null, '2026-01-01', '2026-11-23')).toBe('active');
  });
});

describe('checkLogo', () => {
  it('accepts PNG, JPEG and SVG up to 2 MB, whatever the case of the type', () => {
    expect(checkLogo({ type: 'image/png', size: 10 })).toBeNull();
    expect(checkLogo({ type: 'IMAGE/JPEG', size: MAX_LOGO_BYTES })).toBeNull();
    expect(checkLogo({ type: 'image/svg+xml', size: 300 })).toBeNull();
  });

  it('refuses an empty file, another type, and one over the limit (the policy’s own limit when given)', () => {
    expect(checkLogo({ type: 'image/png', size: 0 })).toBe('empty');
    expect(checkLogo({ type: 'image/gif', size: 10 })).toBe('type');
    expect(checkLogo({ type: '', size: 10 })).toBe('type');
    expect(checkLogo({ type: 'image/png', size: MAX_LOGO_BYTES + 1 })).toBe('size');
    expect(checkLogo({ type: 'image/png', size: 2000 }, 1000)).toBe('size');
  });
});

describe('ownFormValues', () => {
  it('has every field the form edits, null where the organisation has no own value', () => {
    expect(ownFormValues(['name', 'phone', 'country'], { name: 'North', phone: '', etag: 'x' })).toEqual({
      name: 'North',
      phone: null,
      country: null,
    });
    expect(
      ownFormValues(['chatEnabled', 'idleTimeoutMinutes'], { chatEnabled: false, idleTimeoutMinutes: 0 }),
    ).toEqual({ chatEnabled: false, idleTimeoutMinutes: 0 });
    expect(ownFormValues(['a'], null)).toEqual({ a: null });
  });
});
