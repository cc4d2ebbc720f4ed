import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  getGetMyTherapistDetailsMockHandler,
  getGetMyTimezoneMockHandler,
  getIsLeadTherapistMockHandler,
  getListMyIntakeOrganisationsMockHandler,
  getListRiskAlertsMockHandler,
  getGetPatientMockHandler,
  getGetPatientResponseMock,
  getGetSinceLastLookMockHandler,
  getListPatientMomentsMockHandler,
} from '@tend/api/msw';
import type { SinceLastLook } from '@tend/api/model';
import { NOTHING_NEW_SINCE_LAST_LOOK, sinceScreening } from '@tend/domain/testing';
import { renderPortal, testSession } from '@tend/portal/testing';
import en from '../locales/en.json';
import { portal } from './portal.ts';
import { therapistTestServer } from '../test/console.tsx';

const { server } = therapistTestServer();

/** The record's "since you last looked" calls: the summary, and each mark-seen request's body. */
function sinceServer(summary: SinceLastLook) {
  const marked: unknown[] = [];
  server.use(
    getGetSinceLastLookMockHandler(summary),
    http.put('*/therapist/assigned-patients/:patientId/since-last-look', async ({ request, params }) => {
      const body = (await request.json()) as { upTo: string };
      marked.push(body);
      return HttpResponse.json({ patientId: params.patientId, seenAt: body.upTo, hasNew: false });
    }),
  );
  return marked;
}

const recordHandlers = () => [
  getGetMyTimezoneMockHandler({ timezone: 'Europe/London' }),
  getGetMyTherapistDetailsMockHandler(),
  getIsLeadTherapistMockHandler(),
  getListMyIntakeOrganisationsMockHandler(),
  getListRiskAlertsMockHandler(),
  getGetPatientMockHandler({
    ...getGetPatientResponseMock(),
    patientId: 'p1',
    firstName: 'Sam',
    lastName: 'Reed',
  }),
  getListPatientMomentsMockHandler({ items: [], paginationCursor: null }),
];

describe("a patient's notes and files", () => {
  it('says what will appear there, and for whom, when there are none', async () => {
    server.use(...recordHandlers());
    sinceServer(NOTHING_NEW_SINCE_LAST_LOOK);
    renderPortal(portal, '/patients/p1/notes', {
      translations: en,
      signedIn: testSession('therapist@example.com'),
    });
    expect(
      await screen.findByText(
        'No notes or files yet. What you write or upload above appears here, for the whole care team.',
      ),
    ).toBeInTheDocument();
  });
});

describe('since you last looked', () => {
  it('opens the record with what is new, in words, and marks it seen up to that summary', async () => {
    server.use(...recordHandlers());
    const marked = sinceServer({
      ...NOTHING_NEW_SINCE_LAST_LOOK,
      hasNew: true,
      moments: [
        { eventType: 'checkup', count: 2 },
        { eventType: 'phq9', count: 1 },
      ],
      screenings: [sinceScreening({ momentId: 's1', item9: 1 })],
      riskEvents: [{ at: '2026-11-25T10:00:00.000Z', highRisk: true, source: 'phq9-item9', reason: null }],
      riskEventCount: 1,
      messages: { new: 2, unread: 1 },
    });
    renderPortal(portal, '/patients/p1', {
      translations: en,
      signedIn: testSession('therapist@example.com'),
    });
    const news = await screen.findByRole('region', {
      name: 'New since you last looked (20 Nov 2026, 09:00)',
    });
    expect(within(news).getByText('Sam logged 3 entries:')).toBeInTheDocument();
    expect(within(news).getByText('Daily check-up: 2')).toBeInTheDocument();
    expect(
      within(news).getByText(
        'PHQ-9 on 25 Nov 2026, 10:00: 12 of 27, Moderate. Reliable deterioration (+8 points) from 4 (Minimal).',
      ),
    ).toBeInTheDocument();
    expect(within(news).getByText(/Answered above 0 to item 9/)).toBeInTheDocument();
    expect(
      within(news).getByText(
        'Flagged as high risk on 25 Nov 2026, 10:00: PHQ-9 item 9 (thoughts of self-harm).',
      ),
    ).toBeInTheDocument();
    expect(
      within(news).getByText('2 new messages in your chats with Sam. 1 is not read yet.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(marked).toEqual([{ upTo: '2026-11-27T09:00:00.000Z' }]));
    // Marked seen, the summary being read stays on screen.
    expect(screen.getByRole('region', { name: /New since you last looked/ })).toBeInTheDocument();
  });

  it('says so in one line when nothing is new, and before the first look counts from joining the team', async () => {
    server.use(...recordHandlers());
    sinceServer({ ...NOTHING_NEW_SINCE_LAST_LOOK, lastSeenAt: null });
    renderPortal(portal, '/patients/p1', {
      translations: en,
      signedIn: testSession('therapist@example.com'),
    });
    expect(
      await screen.findByText('Nothing new since you joined the care team (20 Nov 2026, 09:00).'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /New since/ })).toBeNull();
  });
});
