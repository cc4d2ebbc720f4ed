import { resolve } from 'node:path';
import type { RouteObject } from 'react-router';
import { beforeAll, vi } from 'vitest';
import type { RiskAlert } from '@tend/api/model';
import { buildTranslationFile } from '@tend/i18n/files';
import { createPortal, type PortalNavItem } from '@tend/portal';
import { createPortalTestServer } from '@tend/portal/testing';

/** The mock server of a test file of the console, installed for its tests; signed in is Alex Morgan. */
export function therapistTestServer() {
  const made = createPortalTestServer({
    summary: { firstName: 'Alex', lastName: 'Morgan', email: 'therapist@example.com' },
  });
  made.withMockServer();
  return made;
}

/** jsdom lays nothing out: give the lists' scrolling areas a size so the virtualiser renders rows. */
export function layOutListsForJsdom() {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
  });
}

/** The app's namespace as served: src/locales/en.json plus each feature's words. */
export const servedWords = buildTranslationFile(
  { app: 'therapist', appLocalesDir: resolve(import.meta.dirname, '../locales') },
  'en',
)!.therapist!;

/** The console's shape with one feature's routes and navigation entry (the app layer wires the same). */
export function featurePortal(routes: RouteObject[], navigation: PortalNavItem[]) {
  return createPortal({
    app: 'therapist',
    routes: [{ index: true, Component: () => <h1>Elsewhere</h1> }, ...routes],
    navigation,
    texts: { appName: 'appName', signInIntro: 'signIn.intro', securityIntro: 'security.intro' },
  });
}

/** An open high-risk alert of a PHQ-9 item 9 answer, with what the test says of it. */
export const openRiskAlert = (
  alert: Pick<RiskAlert, 'alertId' | 'patientId' | 'firstName' | 'lastName' | 'reason' | 'createdAt'>,
): RiskAlert => ({
  source: 'phq9-item9',
  acknowledgedAt: null,
  acknowledgedBy: null,
  note: null,
  highRisk: true,
  ...alert,
});
