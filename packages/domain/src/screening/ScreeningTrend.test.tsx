import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import { ScreeningTrend } from './ScreeningTrend.tsx';

describe('ScreeningTrend', () => {
  it('gives the chart an equivalent table: scores, bands, the threshold and reliable change', () => {
    const day = 86_400_000;
    const t0 = Date.UTC(2026, 8, 1, 9);
    renderWithProviders(
      <ScreeningTrend
        type="phq9"
        timeZone="Europe/London"
        points={[
          { t: t0, value: 16 },
          { t: t0 + 14 * day, value: 15 },
          { t: t0 + 28 * day, value: 8 },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'PHQ-9 results' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(1),
      ),
    ).toEqual([
      ['16 out of 27', 'Moderately severe', 'At or above the clinical threshold', '—'],
      [
        '15 out of 27',
        'Moderately severe',
        'At or above the clinical threshold',
        'No reliable change (-1 point)',
      ],
      [
        '8 out of 27',
        'Mild',
        'Below the clinical threshold',
        'Reliable improvement (-7 points) · Moved below the clinical threshold',
      ],
    ]);
  });

  it('says so when there are no results', () => {
    renderWithProviders(<ScreeningTrend type="gad7" points={[]} empty="No GAD-7 results in this period." />);
    expect(screen.getByText('No GAD-7 results in this period.')).toBeInTheDocument();
  });
});
