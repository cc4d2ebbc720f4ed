import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@tend/ui/test-utils';
import { AvailabilityWeek } from './AvailabilityWeek.tsx';
import type { WeeklySlot } from './model.ts';

const slots: WeeklySlot[] = [
  { id: 'sun', dayOfWeek: 7, start: '09:00', end: '10:00' },
  { id: 'mon', dayOfWeek: 1, start: '22:00', end: '24:00' },
];
// Wednesday 25 March 2026, noon in London: the week of the clocks going forward (Sunday 29 March).
const NOW = Date.UTC(2026, 2, 25, 12);

function Week({ viewer, onSelect }: { viewer?: string; onSelect?: (s: WeeklySlot) => void }) {
  const [offset, setOffset] = useState(0);
  return (
    <AvailabilityWeek
      slots={slots}
      timeZone="Europe/London"
      viewerTimeZone={viewer}
      weekOffset={offset}
      onWeekChange={setOffset}
      onSelectSlot={onSelect}
      now={NOW}
    />
  );
}

describe('AvailabilityWeek', () => {
  it('draws the therapist’s week in their own timezone, saying where the clocks change, each slot a button', async () => {
    const onSelect = vi.fn();
    const { user } = renderWithProviders(<Week onSelect={onSelect} />);
    expect(screen.getByText('23 Mar 2026 to 29 Mar 2026')).toBeInTheDocument();
    expect(screen.getByText('Times are shown in Europe/London.')).toBeInTheDocument();
    const sunday = screen.getByRole('region', { name: 'Sunday 29 March' });
    expect(within(sunday).getByText('Clocks go forward an hour today.')).toBeInTheDocument();
    await user.click(within(sunday).getByRole('button', { name: '09:00–10:00, Sunday 29 March: change' }));
    expect(onSelect).toHaveBeenCalledWith(slots[0]);
    expect(
      within(screen.getByRole('region', { name: 'Monday 23 March' })).getByRole('button', {
        name: /^22:00–24:00/,
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Tuesday 24 March' })).getByText('No times'),
    ).toBeInTheDocument();
  });

  it('shows a viewer in New York the wall-clock time of each date, moving week by week', async () => {
    const { user } = renderWithProviders(<Week viewer="America/New_York" />);
    expect(screen.getByText('Times are shown in America/New_York.')).toBeInTheDocument();
    // London on BST from 29 March: 09:00 there is 04:00 in New York; Monday 22:00 is 18:00 (EDT, London GMT).
    expect(
      within(screen.getByRole('region', { name: 'Sunday 29 March' })).getByText('04:00–05:00'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Monday 23 March' })).getByText('18:00–20:00'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getByText('16 Mar 2026 to 22 Mar 2026')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Sunday 22 March' })).getByText('05:00–06:00'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.getByText('23 Mar 2026 to 29 Mar 2026')).toBeInTheDocument();
  });

  it('says when the week has no availability', () => {
    renderWithProviders(
      <AvailabilityWeek
        slots={[]}
        timeZone="Europe/London"
        weekOffset={0}
        onWeekChange={() => {}}
        now={NOW}
      />,
    );
    expect(screen.getByText('No availability this week.')).toBeInTheDocument();
  });
});
