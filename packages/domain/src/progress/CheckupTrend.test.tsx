import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import { CheckupTrend } from './CheckupTrend.tsx';

describe('CheckupTrend', () => {
  it('gives the chart an equivalent table: a row a day, oldest first, with its column headers', () => {
    // Two days' sleep, given newest first.
    const points = [
      { t: Date.UTC(2026, 8, 2, 9), value: 2.25 },
      { t: Date.UTC(2026, 8, 1, 9), value: 4 },
    ];
    renderWithProviders(<CheckupTrend measure="sleep" timeZone="Europe/London" points={points} />);
    const table = screen.getByRole('table', {
      name: 'Sleep from your daily check-ups (1 very poor to 5 very good)',
    });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Date', 'Sleep']);
    expect(rows.map((r) => within(r).getByRole('cell').textContent)).toEqual(['4 of 5', '2.3 of 5']);
  });

  it('says so when there are no check-ups', () => {
    renderWithProviders(<CheckupTrend measure="mood" points={[]} />);
    expect(screen.getByText(/^No check-ups in this period\./)).toBeInTheDocument();
  });
});
