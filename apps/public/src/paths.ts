import { isSignupHost } from '@tend/config/hosts';
import { getRuntimeConfig } from '@tend/config/runtime';

/** Every path of the public app, in one place. */
export const paths = {
  root: '/',
  signup: '/signup',
  guide: (client: string, platform?: string) =>
    platform
      ? `/openid/guide/${encodeURIComponent(platform)}/${encodeURIComponent(client)}`
      : `/openid/guide/${encodeURIComponent(client)}`,
  openid: (client: string) => `/openid/${encodeURIComponent(client)}`,
  terms: '/terms',
  privacy: '/privacy',
  regionError: '/regionerror',
  notFound: '/404',
  contactAccess: '/contact/access',
  contactCallback: '/contact/callback',
  contactCheckIn: '/contact/check-in',
  emailSubscribe: '/email/subscribe',
  emailUnsubscribe: '/email/unsubscribe',
  emailUpdate: '/email/update',
} as const;

/** A client (tenant) identifier as it may appear in a path: lower-case letters, digits and dashes (the contract's clientID). */
export const CLIENT_ID_PATTERN = /^[a-z0-9-]{1,64}$/;

export function isValidClientId(client: string | undefined): client is string {
  return client !== undefined && CLIENT_ID_PATTERN.test(client);
}

/**
 * A page of the public site as a link from the current host. On the dedicated sign-up host, whose whole site is
 * the sign-up module and {client}, a link to any other page (the install guide) leads to the public site:
 * the same address without the sign-up host's first label (signup.localhost:5173 → localhost:5173,
 * stage.signup.tend.example → stage.tend.example). Elsewhere the path itself.
 */
export function publicSiteHref(
  path: string,
  location: Pick<Location, 'host' | 'href'> | undefined = typeof window === 'undefined'
    ? undefined
    : window.location,
  signupHost = getRuntimeConfig().signupHost,
): string {
  if (!location || !isSignupHost(location.host, signupHost)) return path;
  const url = new URL(path, location.href);
  const label = signupHost.split('.')[0];
  const labels = url.hostname.split('.');
  const at = labels.indexOf(label ?? '');
  if (at !== -1 && labels.length > 1) labels.splice(at, 1);
  url.hostname = labels.join('.');
  return url.toString();
}
