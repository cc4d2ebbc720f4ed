// Tag config: public configuration (the signed-in backend configuration needs a user).
import { json } from '../../../src/db/index.ts';
import { entry, everyone, signedIn, type Entry, type MatrixContext } from '../roles.ts';

async function remoteConfig(m: MatrixContext): Promise<void> {
  await m.t.db
    .insertInto('remote_config')
    .values([
      { kind: 'value', key: 'matrix-key', value: json({ on: true }) },
      { kind: 'scheme', key: 'matrix-scheme', value: json({ feature: 'on' }) },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export const entries: Entry[] = [
  entry('getClientConfig', everyone(200)),
  entry('getBackendServiceConfigPublic', everyone(200)),
  entry('getBackendServiceConfig', signedIn(200)),
  entry('getBackendServiceConfigJsonp', everyone(200), () => ({
    params: { callbackName: 'tend.configLoaded' },
  })),
  entry(
    'getRemoteConfigValue',
    everyone(200),
    async (_role, m) => (await remoteConfig(m), { params: { key: 'matrix-key' } }),
  ),
  entry(
    'getRemoteConfig',
    everyone(200),
    async (_role, m) => (await remoteConfig(m), { params: { scheme: 'matrix-scheme' } }),
  ),
  entry('getRegion', everyone(200), () => ({ headers: { 'X-Country-Code': 'GB' } })),
  entry('reportError', everyone(204), () => ({
    body: { message: 'Something failed', reporter: 'role-matrix' },
  })),
  // Browsers send violation reports without credentials; anyone's report is logged (nothing stored).
  entry('reportCspViolation', everyone(204), () => ({
    contentType: 'application/csp-report',
    body: JSON.stringify({
      'csp-report': {
        'document-uri': 'http://localhost:5174/',
        'effective-directive': 'style-src-elem',
        'blocked-uri': 'inline',
        disposition: 'enforce',
      },
    }),
  })),
];
