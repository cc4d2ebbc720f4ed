import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  getGetMyOrganisationMockHandler,
  getGetMyOrganisationResponseMock,
  getGetPatientSafetyNetMockHandler,
  getListSurveySessionsMockHandler,
} from '@tend/api/msw';
import { openCrisisPanel, resetCrisisPanel } from '@tend/domain/crisis';
import { forgetOffered } from '@tend/domain/offered';
import { emptyTodayHandlers } from '../test/handlers.ts';
import { patientPageServer, renderPatientPage } from '../test/portal.ts';

// The organisation's app settings decide what the patient app offers (features/offered, @tend/domain/offered).
const server = patientPageServer();
const LINE = { name: 'North crisis team', phone: '0800 555 0199' };
beforeEach(() =>
  server.use(
    getListSurveySessionsMockHandler({ items: [] }),
    ...emptyTodayHandlers(),
    getGetMyOrganisationMockHandler(
      getGetMyOrganisationResponseMock({
        id: 'org-north',
        appSettings: {
          etag: '"a"',
          journalEnabled: false,
          chatEnabled: false,
          emergencyChatEnabled: false,
          cbtEnabled: false,
          screeningEnabled: false,
          crisisLines: [LINE],
        },
      }),
    ),
  ),
);
afterEach(() => {
  resetCrisisPanel();
  forgetOffered();
});
const renderApp = (path: string) => renderPatientPage(path);

describe('what the organisation offers', () => {
  it('leaves switched-off features out of the navigation and Today', async () => {
    renderApp('/');
    const navigation = await screen.findByRole('navigation');
    expect(await within(navigation).findByRole('link', { name: 'Check-up' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' });
    for (const name of ['Journal', 'CBT toolkit', 'Mood and anxiety', 'Chat']) {
      await expect
        .poll(() => within(navigation).queryByRole('link', { name: new RegExp(`^${name}`) }))
        .toBeNull();
    }
    expect(screen.queryByRole('link', { name: 'Write in your journal' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'CBT toolkit' })).toBeNull();
    expect(screen.queryByRole('heading', { name: /PHQ-9|mood and anxiety/i, level: 2 })).toBeNull();
  });

  it('explains at a switched-off feature’s address that the organisation does not offer it', async () => {
    renderApp('/journal');
    expect(await screen.findByText('Your organisation does not offer this')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Journal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Today' })).toBeInTheDocument();
  });

  it('shows the organisation’s crisis line instead of the built-in ones, and no urgent chat when it offers none', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' });
    await expect.poll(() => localStorage.getItem('tend.offered.v1')).toContain('0800 555 0199');
    openCrisisPanel('help');
    const dialog = await screen.findByRole('dialog', { name: 'Get help now' });
    expect(within(dialog).getByRole('heading', { name: LINE.name })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Call 0800 555 0199' })).toHaveAttribute(
      'href',
      'tel:08005550199',
    );
    expect(within(dialog).queryByRole('link', { name: 'Call 999' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Ask for an urgent chat' })).toBeNull();
  });

  it('offers an urgent chat to a patient with no therapist yet, addressed to the duty team', async () => {
    server.use(
      getGetMyOrganisationMockHandler(
        getGetMyOrganisationResponseMock({
          id: 'org-north',
          appSettings: { etag: '"b"', emergencyChatEnabled: true, chatEnabled: true, crisisLines: [LINE] },
        }),
      ),
      getGetPatientSafetyNetMockHandler({
        therapists: [],
        organisationName: 'Tend Health North',
        responseHours: null,
        safetyPlanShared: true,
      }),
    );
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Sam' });
    await expect.poll(() => localStorage.getItem('tend.offered.v1')).toContain('0800 555 0199');
    openCrisisPanel('help');
    const dialog = await screen.findByRole('dialog', { name: 'Get help now' });
    expect(
      await within(dialog).findByRole('heading', { name: 'Talk to the Tend Health North duty team' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ask for an urgent chat' })).toBeInTheDocument();
  });
});
