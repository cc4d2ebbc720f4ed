import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getGetAccessCodeMockHandler,
  getGetTherapistProfileMockHandler,
  getListEligibleTherapistsMockHandler,
  getListMyTherapistsMockHandler,
  getRenewAccessCodeMockHandler,
  getShareDataWithTherapistMockHandler,
  getListAppointmentsMockHandler,
} from '@tend/api/msw';
import type { TherapistSummary } from '@tend/api/model';
import { nextOccurrences } from '@tend/domain/care-team';
import { formatDay, formatTime, userTimeZone } from '@tend/core/time';
import { patientPageServer, renderPatientPage, withoutOnboardingSurvey } from '../test/portal.ts';

const server = patientPageServer();
// These patients' organisation offers no onboarding survey (features/onboarding: the gate lets them through).
withoutOnboardingSurvey(server, getListAppointmentsMockHandler({ items: [], paginationCursor: null }));

const alex: TherapistSummary = {
  therapistId: 'therapist-1',
  firstName: 'Alex',
  lastName: 'Morgan',
  isLead: true,
};
const priya: TherapistSummary = {
  therapistId: 'therapist-2',
  firstName: 'Priya',
  lastName: 'Shah',
  isLead: false,
};
const inADay = () => new Date(Date.now() + 24 * 3_600_000 - 1000).toISOString();
const renderAt = renderPatientPage;

describe('my care team', () => {
  it('lists the therapists (lead marked), shows the access code with its countdown, and renews it', async () => {
    server.use(
      getListMyTherapistsMockHandler({ items: [alex] }),
      getGetAccessCodeMockHandler({ code: 'AB12CD34', expiresAt: inADay() }),
      getRenewAccessCodeMockHandler({ code: 'ZX98YW76', expiresAt: inADay() }),
      getListEligibleTherapistsMockHandler({ items: [] }),
    );
    const { user } = renderAt('/care-team');
    expect(await screen.findByRole('heading', { level: 1, name: 'My care team' })).toBeInTheDocument();
    const team = screen.getByRole('region', { name: 'Your therapists' });
    expect(await within(team).findByText('Alex Morgan')).toBeInTheDocument();
    expect(within(team).getByText('Lead therapist')).toBeInTheDocument();
    expect(within(team).getByRole('link', { name: 'About Alex Morgan' })).toHaveAttribute(
      'href',
      '/care-team/therapist-1',
    );
    expect(await screen.findByText('AB12CD34')).toBeInTheDocument();
    expect(screen.getByText(/Valid for another 23 h 59 min \d+ s\./)).toBeInTheDocument();
    expect(
      await screen.findByText('There is no other therapist in your organisation to share with.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a new code' }));
    expect(await screen.findByText('ZX98YW76')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The old one no longer works.');
  });

  it('says what a new patient can do when there is no therapist yet', async () => {
    server.use(
      getListMyTherapistsMockHandler({ items: [] }),
      getGetAccessCodeMockHandler({ code: 'AB12CD34', expiresAt: inADay() }),
      getListEligibleTherapistsMockHandler({ items: [priya] }),
    );
    renderAt('/care-team');
    expect(await screen.findByText(/You have no therapist yet/)).toBeInTheDocument();
  });

  it('shares data only after the plain confirmation, and the therapist moves to the care team', async () => {
    let shared: string[] = [];
    let team = [alex];
    server.use(
      getListMyTherapistsMockHandler(() => ({ items: team })),
      getGetAccessCodeMockHandler({ code: 'AB12CD34', expiresAt: inADay() }),
      getListEligibleTherapistsMockHandler({ items: [priya] }),
      getShareDataWithTherapistMockHandler(({ params }) => {
        shared = [...shared, String(params.therapistId)];
        team = [alex, priya];
        return {
          patientId: 'p1',
          therapistId: String(params.therapistId),
          isLead: false,
          assignedAt: new Date().toISOString(),
        };
      }),
    );
    const { user } = renderAt('/care-team');
    await user.click(await screen.findByRole('button', { name: 'Share my data with Priya Shah' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share your data with Priya Shah?' });
    expect(within(dialog).getByText(/everything you log/)).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' })[1]!);
    expect(shared).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Share my data with Priya Shah' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Share your data with Priya Shah?' })).getByRole(
        'button',
        { name: 'Yes, share my data' },
      ),
    );
    expect(await screen.findByText('Priya Shah is now part of your care team.')).toBeInTheDocument();
    expect(shared).toEqual(['therapist-2']);
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Your therapists' })).getByText('Priya Shah'),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Share my data with Priya Shah' })).toBeNull();
  });

  it("shows a therapist's biography and availability in the patient's timezone", async () => {
    const theirs = userTimeZone() === 'Asia/Tokyo' ? 'America/New_York' : 'Asia/Tokyo';
    server.use(
      getGetTherapistProfileMockHandler({
        therapistId: 'therapist-1',
        firstName: 'Alex',
        lastName: 'Morgan',
        biography: 'I work with <b>anxiety</b> and low mood.',
        timezone: theirs,
        availability: [{ id: 's1', dayOfWeek: 2, start: '09:00', end: '12:00' }],
      }),
    );
    renderAt('/care-team/therapist-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Morgan' })).toBeInTheDocument();
    expect(screen.getByText('I work with <b>anxiety</b> and low mood.')).toBeInTheDocument();
    expect(
      screen.getByText(`Times are in your timezone (${userTimeZone()}). Alex Morgan works in ${theirs}.`),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    // 09:00 on Tuesday in the therapist's timezone, shown at the patient's own time of that instant.
    const [slot] = nextOccurrences([{ dayOfWeek: 2, start: '09:00', end: '12:00' }], theirs, Date.now());
    const cells = within(rows[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      formatDay(slot!.start, userTimeZone()),
      formatTime(slot!.start, userTimeZone()),
      formatTime(slot!.end, userTimeZone()),
    ]);
    expect(cells[1]!.textContent).not.toBe(formatTime(slot!.start, theirs));
  });
});
