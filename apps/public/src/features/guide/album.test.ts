import { describe, expect, it } from 'vitest';
import { buildGuideAlbum, parsePlatform, toCaptionHtml } from './album.ts';

const english: Record<string, string> = {
  AppStore: 'App Store',
  PlayStore: 'Google Play Store',
  InstallGuide1: 'Install Tend from the {{store}}.',
  InstallGuide2: 'Choose "Sign in with your organisation".',
  InstallGuide3: 'Pick "{{serviceName}}".',
  InstallGuide4: 'Sign in with {{serviceName}}.',
};
const t = (key: string, values?: Record<string, string>) =>
  (english[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? '');

describe('install guide album', () => {
  it('defaults to Android and recognises iOS in any case', () => {
    expect(parsePlatform(undefined)).toBe('android');
    expect(parsePlatform('android')).toBe('android');
    expect(parsePlatform('windows')).toBe('android');
    expect(parsePlatform('iOS')).toBe('ios');
    expect(parsePlatform('ios')).toBe('ios');
  });

  it('orders the steps as the spec: store, login, OpenID selection, client login', () => {
    const album = buildGuideAlbum({ platform: 'android', client: 'demo', serviceName: 'Demo Health', t });
    expect(album.map((step) => step.src)).toEqual([
      '/assets/images/guide/play-store.png',
      '/assets/images/guide/login.png',
      '/assets/images/guide/openid-selection.png',
      '/assets/guide/demo/openID_Login.png',
    ]);
    expect(album.map((step) => step.text)).toEqual([
      'Install Tend from the Google Play Store.',
      'Choose "Sign in with your organisation".',
      'Pick "Demo Health".',
      'Sign in with Demo Health.',
    ]);
  });

  it('uses the App Store image and name on iOS', () => {
    const [first] = buildGuideAlbum({ platform: 'ios', client: 'demo', serviceName: 'Demo Health', t });
    expect(first?.src).toBe('/assets/images/guide/app-store.png');
    expect(first?.text).toBe('Install Tend from the App Store.');
  });

  it('replaces quotes in captions by an HTML entity', () => {
    const album = buildGuideAlbum({ platform: 'android', client: 'demo', serviceName: 'Demo "Health"', t });
    expect(album[1]?.caption).toBe('Choose &quot;Sign in with your organisation&quot;.');
    expect(album[2]?.caption).toBe('Pick &quot;Demo &quot;Health&quot;&quot;.');
    expect(toCaptionHtml('<b>&"')).toBe('&lt;b&gt;&amp;&quot;');
  });
});
