import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  getGetAccountSummaryResponseMock,
  getGetPatientRecordMockHandler,
  getGetPushStatusMockHandler,
  getGetResearchConsentMockHandler,
  getRequestAccountDeletionMockHandler,
  getRequestPasswordChangeMockHandler,
  getSetPushStatusMockHandler,
  getUpdateScreenNameMockHandler,
} from '@tend/api/msw';
import { createPortalTestServer, TEST_PASSWORD } from '@tend/portal/testing';
import { freshToken, renderPatientPage } from '../test/portal.ts';

const summary = {
  firstName: 'Sam',
  lastName: 'Rivera',
  screenName: 'sam',
  email: 'patient@example.com',
  language: 'en',
};
const { withMockServer, server } = createPortalTestServer({ summary });
withMockServer();

const renderAccount = () => renderPatientPage('/account');
const record = () =>
  getGetPatientRecordMockHandler({
    patientId: 'p1',
    firstName: 'Sam',
    lastName: 'Rivera',
    screenName: 'sam',
    dateOfBirth: '1990-05-01',
    createdAt: '2026-01-02T10:00:00Z',
  });

/** The page with no notifications, its deletion requests counted. */
function deletionCounted() {
  const deletions = { count: 0 };
  server.use(
    record(),
    getGetPushStatusMockHandler({ enabled: false }),
    getRequestAccountDeletionMockHandler(
      () => ((deletions.count += 1), { requestedAt: new Date().toISOString(), status: 'pending' }),
    ),
  );
  return deletions;
}

describe('the account page', () => {
  it('deletes nothing when the password prompt is cancelled, and says why', async () => {
    const deletions = deletionCounted();
    const { user, auth } = renderAccount();
    await user.type(await screen.findByRole('textbox', { name: /Type delete to confirm/ }), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText(/Your account was not deleted: your password is needed/),
    ).toBeInTheDocument();
    expect(deletions.count).toBe(0);
    expect(auth.getSnapshot().status).toBe('signedIn');
  });

  it('shows the names, the record and the notification setting, and saves a new screen name', async () => {
    const saved: string[] = [];
    server.use(
      record(),
      getGetPushStatusMockHandler({ enabled: false }),
      getUpdateScreenNameMockHandler(({ request }) => {
        const screenName = new URL(request.url).searchParams.get('screenName') ?? '';
        saved.push(screenName);
        return getGetAccountSummaryResponseMock({ ...summary, screenName });
      }),
    );
    const { user } = renderAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/First name/)).toHaveValue('Sam');
    const recordRegion = await screen.findByRole('region', { name: 'Your patient record' });
    expect(await within(recordRegion).findByText('1 May 1990')).toBeInTheDocument();
    expect(await screen.findByText('Notifications are off.')).toBeInTheDocument();

    const screenName = screen.getByRole('textbox', { name: /^Screen name/ });
    await user.clear(screenName);
    await user.click(screen.getByRole('button', { name: 'Save screen name' }));
    expect(await screen.findByText('Please fill this in.')).toBeInTheDocument();
    await user.type(screenName, 'Sky');
    await user.click(screen.getByRole('button', { name: 'Save screen name' }));
    expect(await screen.findByText('Your screen name is saved.')).toBeInTheDocument();
    expect(saved).toEqual(['Sky']);
  });

  it('keeps what was typed when a save fails, and says so', async () => {
    server.use(
      record(),
      getGetPushStatusMockHandler({ enabled: true }),
      // An organisation without research: its section shows no alert of its own.
      getGetResearchConsentMockHandler({
        researchEnabled: false,
        consentRequired: false,
        anonymiseExports: false,
        studyId: null,
        ask: false,
        consented: null,
        answeredAt: null,
        dataRetentionDays: null,
      }),
      http.post('*/iams/account-details/screenname', () =>
        HttpResponse.json({ code: 'internal', message: 'boom' }, { status: 500 }),
      ),
      http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
    );
    const { user } = renderAccount();
    const screenName = await screen.findByRole('textbox', { name: /^Screen name/ });
    await user.clear(screenName);
    await user.type(screenName, 'Kept');
    await user.click(screen.getByRole('button', { name: 'Save screen name' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screenName).toHaveValue('Kept');
  });

  it('turns notifications on and e-mails a password link', async () => {
    const sent: string[] = [];
    server.use(
      record(),
      getGetPushStatusMockHandler({ enabled: false }),
      getSetPushStatusMockHandler(async ({ request }) => (await request.json()) as { enabled: boolean }),
      getRequestPasswordChangeMockHandler(
        ({ request }) => (
          sent.push(new URL(request.url).searchParams.get('emailAddress') ?? ''),
          { status: 'accepted' }
        ),
      ),
    );
    const { user } = renderAccount();
    await user.click(await screen.findByRole('switch', { name: /Send me notifications/ }));
    expect(await screen.findByText('Notifications are on.')).toBeInTheDocument();
    // No push service in this configuration: the account is on, and the page says this browser cannot show them.
    expect(await screen.findByText(/This browser can't show Tend's notifications/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'E-mail me a link to change my password' }));
    expect(await screen.findByText(/We have sent a link to patient@example.com/)).toBeInTheDocument();
    expect(sent).toEqual(['patient@example.com']);
  });

  it('says so when there is no patient record', async () => {
    server.use(
      getGetPushStatusMockHandler({ enabled: false }),
      http.get('*/iams/account-details/patientrecord', () =>
        HttpResponse.json({ code: 'not_found', message: 'no record' }, { status: 404 }),
      ),
    );
    renderAccount();
    expect(await screen.findByText('There is no patient record for this account.')).toBeInTheDocument();
  });

  it('deletes the account only once the word is typed, then signs out to a page saying it is done', async () => {
    const deletions = deletionCounted();
    server.use(freshToken);
    const { user, auth, router } = renderAccount();
    const button = await screen.findByRole('button', { name: 'Delete my account' });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Type delete to confirm/ }), 'delet');
    expect(button).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: /Type delete to confirm/ }), 'e');
    await user.click(button);
    // The password again, however recent the sign-in.
    const dialog = await screen.findByRole('dialog', { name: "Confirm it's you" });
    expect(deletions.count).toBe(0);
    await user.type(within(dialog).getByLabelText(/Password/), TEST_PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is deleted' }),
    ).toBeInTheDocument();
    expect(deletions.count).toBe(1);
    expect(auth.getSnapshot().status).toBe('signedOut');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/deleted'));
  });
});
