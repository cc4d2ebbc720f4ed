import { describe, expect, it } from 'vitest';
import { paths, publicSiteHref } from './paths.ts';

describe('publicSiteHref', () => {
  const guide = paths.guide('demo', 'ios');
  // The guide's address on a page at `href` (on `host`), the sign-up host being `signupHost`.
  const guideFrom = (host: string, href: string, signupHost: string) =>
    publicSiteHref(guide, { host, href }, signupHost);
  it('is the path itself on the public host', () => {
    expect(guideFrom('localhost:5173', 'http://localhost:5173/signup', 'signup.localhost')).toBe(guide);
  });
  it('leads from the sign-up host to the public host, keeping port and prefix', () => {
    expect(guideFrom('signup.localhost:5173', 'http://signup.localhost:5173/', 'signup.localhost')).toBe(
      'http://localhost:5173/openid/guide/ios/demo',
    );
    expect(
      guideFrom('stage.join.tend.example', 'https://stage.join.tend.example/', 'join.tend.example'),
    ).toBe('https://stage.tend.example/openid/guide/ios/demo');
  });
  it('is the path when there is no window (prerendering)', () => {
    expect(publicSiteHref(guide, undefined, 'signup.localhost')).toBe(guide);
  });
});
