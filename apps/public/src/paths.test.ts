import { describe, expect, it } from 'vitest';
import { paths, publicSiteHref } from './paths.ts';

describe('publicSiteHref', () => {
  const guide = paths.guide('demo', 'ios');
  it('is the path itself on the public host', () => {
    expect(
      publicSiteHref(
        guide,
        { host: 'localhost:5173', href: 'http://localhost:5173/signup' },
        'signup.localhost',
      ),
    ).toBe(guide);
  });
  it('leads from the sign-up host to the public host, keeping port and prefix', () => {
    expect(
      publicSiteHref(
        guide,
        { host: 'signup.localhost:5173', href: 'http://signup.localhost:5173/' },
        'signup.localhost',
      ),
    ).toBe('http://localhost:5173/openid/guide/ios/demo');
    expect(
      publicSiteHref(
        guide,
        { host: 'stage.join.tend.example', href: 'https://stage.join.tend.example/' },
        'join.tend.example',
      ),
    ).toBe('https://stage.tend.example/openid/guide/ios/demo');
  });
  it('is the path when there is no window (prerendering)', () => {
    expect(publicSiteHref(guide, undefined, 'signup.localhost')).toBe(guide);
  });
});
