// @tend/domain/openid: the OpenID sign-in per client: the providers on offer and the callback that finishes a
// sign-in and answers the hand-over token for the mobile app.
export { useOpenIdCallback, useOpenIdProviders, type OpenIdCallbackLink } from './openid.ts';
