/**
 * The patient app's page tests: its English words as the app loads them, a mock server with Sam Rivera signed
 * in, and a page rendered at a path inside the whole portal (guard, shell, routes).
 */
import { resolve } from 'node:path';
import { buildTranslationFile } from '@tend/i18n/files';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { portal } from '../app/portal.ts';

export const en = buildTranslationFile(
  { app: 'patient', appLocalesDir: resolve(import.meta.dirname, '../locales') },
  'en',
)!.patient!;

export const SAM = { firstName: 'Sam', lastName: 'Rivera', email: 'patient@example.com' };

/** The file's mock server (started before its tests, reset after each): call once at the top of a test file. */
export function patientPageServer(summary: Parameters<typeof createPortalTestServer>[0] = { summary: SAM }) {
  const { withMockServer, server } = createPortalTestServer(summary);
  withMockServer();
  return server;
}

/** The portal at `path`, signed in as the test patient. */
export const renderPatientPage = (path: string) =>
  renderPortal(portal, path, { translations: en, signedIn: testSession('patient@example.com') });
