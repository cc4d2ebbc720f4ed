/**
 * `npm run hosting`: writes firebase.json's hosting sites (headers, Content-Security-Policy, rewrites, cache
 * rules) for the runtime configuration in the environment: the same `VITE_TEND_*` variables the apps are
 * built with. `npm run build`, `npm start` and `npm test` run it after building; run it with the production
 * variables before `firebase deploy --only hosting`.
 */
import { FIREBASE_JSON, writeHostingConfig } from './lib/hosting.ts';

const changed = writeHostingConfig();
console.log(`${FIREBASE_JSON}: ${changed ? 'written' : 'unchanged'}`);
