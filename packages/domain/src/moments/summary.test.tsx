import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Moment } from '@tend/api/model';
import { renderWithProviders } from '@tend/ui/test-utils';
import { useMomentSummary } from './MomentSummary.tsx';

const activity = (activityId: string, durationSeconds: number): Moment => ({
  momentId: `a-${activityId}-${durationSeconds}`,
  patientId: 'p1',
  eventType: 'activity',
  start: 0,
  end: durationSeconds * 1000,
  body: { activityId, durationSeconds, completed: true },
});

function Summaries({ moments }: { moments: Moment[] }) {
  const summary = useMomentSummary();
  return (
    <ul>
      {moments.map((m) => (
        <li key={m.momentId}>{summary(m)}</li>
      ))}
    </ul>
  );
}

describe('a moment summary in words for people', () => {
  it('names an activity by what it was, never by its id, and says "0 minutes" never', async () => {
    renderWithProviders(
      <Summaries
        moments={[
          activity('cbt', 0),
          activity('breathing', 240),
          activity('walk', 20),
          activity('call-a-neighbour', 600),
        ]}
      />,
    );
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'CBT exercise',
      'Breathing exercise, 4 minutes',
      'A walk, under a minute',
      'Call a neighbour, 10 minutes',
    ]);
  });
});
