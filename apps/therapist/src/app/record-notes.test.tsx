import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getGetMyTherapistDetailsMockHandler,
  getGetMyTimezoneMockHandler,
  getIsLeadTherapistMockHandler,
  getListMyIntakeOrganisationsMockHandler,
  getListRiskAlertsMockHandler,
  getGetPatientMockHandler,
  getListPatientMomentsMockHandler,
} from '@tend/api/msw';
import { createPortalTestServer, renderPortal, testSession } from '@tend/portal/testing';
import en from '../locales/en.json';
import { portal } from './portal.ts';

const { server, withMockServer } = createPortalTestServer({
  summary: { firstName: 'Alex', lastName: 'Morgan', email: 'therapist@example.com' },
});
withMockServer();

describe("a patient's notes and files", () => {
  it('says what will appear there, and for whom, when there are none', async () => {
    server.use(
      getGetMyTimezoneMockHandler({ timezone: 'Europe/London' }),
      getGetMyTherapistDetailsMockHandler(),
      getIsLeadTherapistMockHandler(),
      getListMyIntakeOrganisationsMockHandler(),
      getListRiskAlertsMockHandler(),
      getGetPatientMockHandler(),
      getListPatientMomentsMockHandler({ items: [], paginationCursor: null }),
    );
    renderPortal(portal, '/patients/p1/notes', {
      translations: en,
      signedIn: testSession('therapist@example.com'),
    });
    expect(
      await screen.findByText(
        'No notes or files yet. What you write or upload above appears here, for the whole care team.',
        undefined,
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
  });
});
