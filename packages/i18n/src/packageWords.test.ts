import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { addPackagePartWords, addPackageWords } from './packageWords.ts';

async function emptyI18n() {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: {} });
  return i18n;
}

describe("a package's bundled English words", () => {
  it('adds a namespace once, also over the empty one a translations file gave first', async () => {
    const i18n = await emptyI18n();
    i18n.addResourceBundle('en', 'pkg', {});
    addPackageWords(i18n, 'pkg', { hello: 'Hello' });
    expect(i18n.getResourceBundle('en', 'pkg')).toEqual({ hello: 'Hello' });
    addPackageWords(i18n, 'pkg', { hello: 'Changed' });
    expect(i18n.getResourceBundle('en', 'pkg')).toEqual({ hello: 'Hello' });
  });

  it('adds each part of a namespace made of parts once, under its name', async () => {
    const i18n = await emptyI18n();
    addPackagePartWords(i18n, 'pkg', 'one', { a: 'A' });
    addPackagePartWords(i18n, 'pkg', 'two', { b: 'B' });
    addPackagePartWords(i18n, 'pkg', 'one', { a: 'Changed' });
    expect(i18n.getResourceBundle('en', 'pkg')).toEqual({ one: { a: 'A' }, two: { b: 'B' } });
  });
});
