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
