import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import type { useTherapistLoad } from './queries.ts';
import { TherapistLoadTable } from './TherapistLoadTable.tsx';

/** The load as the query answers it once read (only what the table reads). */
const loaded = (items: object[]) =>
  ({ isPending: false, error: null, data: { items }, refetch: vi.fn() }) as unknown as ReturnType<
    typeof useTherapistLoad
  >;

describe('TherapistLoadTable', () => {
  it('lists each therapist by name with their counts, under the columns’ headers', () => {
    renderWithProviders(
      <TherapistLoadTable
        load={loaded([
          {
            therapistId: 't-1',
            firstName: 'Ada',
            lastName: 'Lovelace',
            organisationId: 'org-1',
            patients: 12,
            highRiskPatients: 2,
            openAlerts: 1,
            waitingChatRequests: 0,
          },
        ])}
      />,
    );
    const table = screen.getByRole('table', {
      name: 'Each therapist’s patients, high-risk patients, open alerts and waiting chat requests',
    });
    const [head, row] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Therapist', 'Patients', 'High risk', 'Open alerts', 'Chat requests waiting']);
    expect(within(row!).getByRole('rowheader').textContent).toBe('Ada Lovelace');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['12', '2', '1', '0']);
  });

  it('says so when the organisation has no therapists', () => {
    renderWithProviders(<TherapistLoadTable load={loaded([])} />);
    expect(screen.getByText('This organisation has no therapists yet.')).toBeInTheDocument();
  });
});
