import { appLink, type RuntimeConfig } from '@tend/config/runtime';

/**
 * The app-open link handing a finished OpenID sign-in over to the mobile app: the app-open scheme with a
 * redirect (where the app should go) and the single-use handover token it redeems.
 */
export function appOpenLink(
  config: Pick<RuntimeConfig, 'appScheme'>,
  client: string,
  handoverToken: string,
): string {
  const query = new URLSearchParams({ redirect: `openid/${client}`, token: handoverToken });
  return appLink(config, `open?${query.toString()}`);
}
