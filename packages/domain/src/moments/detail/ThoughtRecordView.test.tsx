import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Moment } from '@tend/api/model';
import { renderWithProviders } from '@tend/ui/test-utils';
import { SAMPLE_THOUGHT_RECORD } from '../../cbt/thought-record.sample.ts';
import { MomentDetail } from '../MomentDetail.tsx';
import { useMomentSummary } from '../MomentSummary.tsx';

const record: Moment = {
  momentId: 'tr-1',
  patientId: 'p1',
  eventType: 'cbt-automatic-thoughts',
  start: Date.UTC(2026, 0, 10, 9),
  end: Date.UTC(2026, 0, 10, 9, 20),
  body: {
    ...SAMPLE_THOUGHT_RECORD,
    // The hot thought second; the chosen emotion named in another language; Dread not changed.
    thoughts: ['I always get things wrong.', 'I am going to be told off.'],
    thoughtBeliefs: [60, 90],
    hotThought: 1,
    // The sample types its patterns as the model does (strings); a Moment's are the contract's ThinkingPattern.
    distortions: ['fortune-telling'],
    emotions: [
      { name: 'Ansiedad', word: 'anxious', intensity: 80 },
      { name: 'Dread', intensity: 60 },
    ],
    emotionsAfter: [
      { name: 'Ansiedad', word: 'anxious', intensity: 40 },
      { name: 'Dread', intensity: 60 },
    ],
  },
};

function Summary({ moment }: { moment: Moment }) {
  return <p>{useMomentSummary()(moment)}</p>;
}

describe('a thought record read as a whole', () => {
  it('shows the hot thought with its beliefs, the balanced thought, and the emotions before and after side by side', async () => {
    renderWithProviders(<MomentDetail moment={record} timeZone="Europe/London" />);
    const table = await screen.findByRole('table', {
      name: 'Emotions at the start and after the balanced thought',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Emotion', 'At the start', 'After', 'Change'],
      // A chosen word reads in the reader's language, whatever language it was chosen in.
      ['Anxious', '80%', '40%', '40 lower'],
      ['Dread', '60%', '60%', 'No change'],
    ]);
    expect(screen.getByText('I am going to be told off.')).toBeInTheDocument();
    expect(screen.getByText('Believed 90% at first, 35% after the balanced thought')).toBeInTheDocument();
    expect(screen.getByText('I always get things wrong. (believed 60%)')).toBeInTheDocument();
    expect(screen.getByText('She may just want to plan the next project.')).toBeInTheDocument();
    expect(screen.getByText('Believed 70%')).toBeInTheDocument();
    expect(screen.getByText('My last review was good.')).toBeInTheDocument();
  });

  it('reads an older record (no beliefs, hot thought or re-rating) as it was', async () => {
    const older = {
      ...record,
      body: {
        situation: 'Work',
        thoughts: ['I will mess up.'],
        emotions: [{ name: 'Anxious', intensity: 70 }],
      },
    } as Moment;
    renderWithProviders(<MomentDetail moment={older} timeZone="Europe/London" />);
    expect(await screen.findByText('I will mess up.')).toBeInTheDocument();
    expect(screen.getByText('Anxious (70%)')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Hot thought')).toBeNull();
  });

  it('sums a finished record up in the timeline with what changed', async () => {
    renderWithProviders(<Summary moment={record} />);
    expect(
      await screen.findByText(
        'My manager asked to speak to me tomorrow. · Anxious 80% → 40% · Dread 60% → 60%',
      ),
    ).toBeInTheDocument();
  });
});
