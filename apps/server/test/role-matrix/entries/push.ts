// Tag push: any signed-in user registers their own device tokens.
import { entry, signedIn, type Entry } from '../roles.ts';

export const entries: Entry[] = [
  entry('registerPushToken', signedIn(204), () => ({ params: { token: 'token-1' } })),
  entry('unregisterPushToken', signedIn(204), () => ({ params: { token: 'token-1' } })),
  entry('getPushStatus', signedIn(200)),
  entry('setPushStatus', signedIn(200), () => ({ body: { enabled: true } })),
];
