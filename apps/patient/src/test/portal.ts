/**
 * The patient app's page tests: its English words as the app loads them, a mock server with Sam Rivera signed
 * in, and a page rendered at a path inside the whole portal (guard, shell, routes).
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { beforeEach } from 'vitest';
import { getListSurveySessionsMockHandler } from '@tend/api/msw';
import { fakeCustomToken } from '@tend/auth/testing';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import { portal } from '../app/portal.ts';
import { en } from './words.ts';

export { en };

export const SAM = { firstName: 'Sam', lastName: 'Rivera', email: 'patient@example.com' };

/** The file's mock server (started before its tests, reset after each): call once at the top of a test file. */
export function patientPageServer(summary: Parameters<typeof createPortalTestServer>[0] = { summary: SAM }) {
  const { withMockServer, server } = createPortalTestServer(summary);
  withMockServer();
  return server;
}

/**
 * Before each test of the file: no onboarding survey waiting for the patient (the onboarding gate lets them
 * through to the page), and the file's own `handlers`.
 */
export function withoutOnboardingSurvey(
  server: ReturnType<typeof patientPageServer>,
  ...handlers: RequestHandler[]
) {
  beforeEach(() => server.use(getListSurveySessionsMockHandler({ items: [] }), ...handlers));
}

/** The portal at `path`, signed in as the test patient. */
export const renderPatientPage = (path: string) =>
  renderPortal(portal, path, { translations: en, signedIn: testSession('patient@example.com') });

/** The re-authentication's fresh token for the test patient (the fake identity server has no such call). */
export const freshToken = http.get('*/iams/auth/freshCustomToken', () =>
  HttpResponse.json({
    customToken: fakeCustomToken({
      uid: 'p1',
      email: 'patient@example.com',
      scopes: ['patient'],
      reauthAt: Date.now(),
    }),
    scopes: ['patient'],
    uid: 'p1',
  }),
);
