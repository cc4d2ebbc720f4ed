import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getListPatientMomentsMockHandler, getListSurveySessionsMockHandler } from '@tend/api/msw';
import { patientPageServer, renderPatientPage } from '../test/portal.ts';

const server = patientPageServer();
beforeEach(() =>
  server.use(
    getListSurveySessionsMockHandler({ items: [] }),
    // The first run is behind this patient.
    http.get('*/patient-metadata/:id', ({ params }) =>
      params.id === 'preferences'
        ? HttpResponse.json(
            {
              metadataDocumentId: 'preferences',
              data: { firstRun: 'finished' },
              etag: '"p1"',
              updatedAt: '2026-01-01T00:00:00Z',
            },
            { headers: { ETag: '"p1"' } },
          )
        : HttpResponse.json({ code: 'not_found', message: 'none' }, { status: 404 }),
    ),
  ),
);

const open = (path: string) => renderPatientPage(path);

// An empty list says what will appear there and the one next step.
describe("the patient's empty lists", () => {
  it('the timeline: what will appear, and a first check-up', async () => {
    server.use(getListPatientMomentsMockHandler({ items: [], paginationCursor: null }));
    open('/timeline');
    expect(
      await screen.findByText(
        "Nothing here yet. Your check-ups, journal entries and exercises will appear here as you log them. A good first step is today's check-up.",
      ),
    ).toBeInTheDocument();
  });
});
