// Tag openid: the public OpenID sign-in of the demo client (the provider runs inside the server).
import { entry, everyone, type Entry } from '../roles.ts';
import { openIdCallback } from './support.ts';

export const entries: Entry[] = [
  entry('listOpenIdProviders', everyone(200)),
  entry('getOpenIdLoginUrl', everyone(200), () => ({ query: { appId: 'tend-patient', clientID: 'demo' } })),
  // A full sign-in at the provider for each caller: a fresh state and code each time.
  entry('completeOpenIdLogin', everyone(200), async (_role, m) => ({
    query: { ...(await openIdCallback(m)), clientID: 'demo' },
  })),
];
