import { afterEach, describe, expect, it } from 'vitest';
import {
  OFFER_EVERYTHING,
  forgetOffered,
  offeredOf,
  rememberOffered,
  rememberedOffered,
  safeWebUrl,
  telHref,
} from './model.ts';

describe('offeredOf: merged app settings as the apps apply them', () => {
  it('offers a feature unless it is switched off (unset means offered, as on the server)', () => {
    expect(offeredOf(null)).toEqual(OFFER_EVERYTHING);
    expect(offeredOf({ etag: 'x' })).toEqual(OFFER_EVERYTHING);
    const off = offeredOf({
      etag: 'x',
      journalEnabled: false,
      chatEnabled: false,
      cbtEnabled: null,
      screeningEnabled: true,
    });
    expect(off.features).toEqual({
      chat: false,
      emergencyChat: true,
      journal: false,
      cbt: true,
      screening: true,
    });
  });

  it('keeps only usable crisis lines, in order', () => {
    const { crisisLines } = offeredOf({
      etag: 'x',
      crisisLines: [
        { name: 'Local crisis team', phone: '0800 555 0199', url: 'https://example.org' },
        { name: ' ', phone: '111' },
        { name: 'Text line', phone: '85258', country: 'GB' },
      ],
    });
    expect(crisisLines).toEqual([
      { name: 'Local crisis team', phone: '0800 555 0199', url: 'https://example.org' },
      { name: 'Text line', phone: '85258', country: 'GB' },
    ]);
  });
});

describe('links of an organisation’s line', () => {
  it('dials the digits of a number as people write it', () => {
    expect(telHref('0800 555 0199')).toBe('tel:08005550199');
    expect(telHref('+44 (0)20 7946-0000')).toBe('tel:+4402079460000');
  });
  it('links only http(s) web addresses', () => {
    expect(safeWebUrl('https://example.org/help')).toBe('https://example.org/help');
    expect(safeWebUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeWebUrl('not a url')).toBeUndefined();
    expect(safeWebUrl(undefined)).toBeUndefined();
  });
});

describe('the copy kept on this device (offline)', () => {
  afterEach(() => forgetOffered());
  it('is the signed-in person’s only', () => {
    const offered = offeredOf({ etag: 'x', journalEnabled: false, crisisLines: [{ name: 'A', phone: '1' }] });
    rememberOffered('patient-1', offered);
    expect(rememberedOffered('patient-1')).toEqual(offered);
    expect(rememberedOffered('patient-2')).toBeUndefined();
    expect(rememberedOffered(undefined)).toBeUndefined();
  });
  it('survives a damaged entry', () => {
    localStorage.setItem('tend.offered.v1', '{not json');
    expect(rememberedOffered('patient-1')).toBeUndefined();
  });
});
