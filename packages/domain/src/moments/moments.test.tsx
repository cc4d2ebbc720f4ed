import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Moment } from '@tend/api/model';
import { renderWithProviders } from '@tend/ui/test-utils';
import { MomentDetail } from './MomentDetail.tsx';
import { MomentTimeline } from './MomentTimeline.tsx';
import { firstLine, momentsOf } from './model.ts';
import { usePatientMoment, usePatientMoments } from './queries.ts';

const server = setupServer(
  http.post('*/error-reporting', () => HttpResponse.json({ status: 'accepted' }, { status: 202 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// jsdom lays nothing out: give the timeline's scrolling area a size so the virtualiser renders rows.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const at = Date.UTC(2026, 10, 20, 9, 30);
const journal = (i: number): Moment => ({
  momentId: `m${i}`,
  patientId: 'p1',
  eventType: 'journal',
  start: at - i * 3600_000,
  end: at - i * 3600_000,
  body: { text: `Entry number ${i}\nsecond line`, title: i === 0 ? '<b>not bold</b>' : undefined },
});

function Timeline({ onOpen }: { onOpen: (m: Moment) => void }) {
  const query = usePatientMoments('p1', { limit: 2 });
  return <MomentTimeline query={query} onOpen={onOpen} timeZone="Europe/London" empty="No entries yet" />;
}

describe('MomentTimeline', () => {
  it('lists the moments newest first with their summary as text, and opens one', async () => {
    const requests: string[] = [];
    server.use(
      http.get('*/patients/p1/moments', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('paginationCursor');
        requests.push(cursor ?? 'first');
        return HttpResponse.json(
          cursor
            ? { items: [journal(2)], paginationCursor: null }
            : { items: [journal(0), journal(1)], paginationCursor: 'c2' },
        );
      }),
    );
    const onOpen = vi.fn();
    const { user } = renderWithProviders(<Timeline onOpen={onOpen} />);
    const region = await screen.findByRole('region', { name: 'Timeline' });
    // user text is text: the markup of a title is shown, never interpreted
    expect(await within(region).findByText('<b>not bold</b>')).toBeInTheDocument();
    await user.click(within(region).getByText('Entry number 1'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ momentId: 'm1' }));
    // the next page comes as the end of the list is in view
    expect(await within(region).findByText('Entry number 2')).toBeInTheDocument();
    expect(requests).toEqual(['first', 'c2']);
    await waitFor(() =>
      expect(
        screen.getAllByRole('status').some((s) => s.textContent === '3 entries shown. That is everything.'),
      ).toBe(true),
    );
  });

  it('says when there is nothing, and shows a failure with a retry', async () => {
    server.use(
      http.get('*/patients/p1/moments', () => HttpResponse.json({ items: [], paginationCursor: null })),
    );
    renderWithProviders(<Timeline onOpen={() => {}} />);
    expect(await screen.findByText('No entries yet')).toBeInTheDocument();
  });

  it('shows a failure in plain words with a way to try again', async () => {
    server.use(
      http.get('*/patients/p1/moments', () =>
        HttpResponse.json({ code: 'internal', message: 'x' }, { status: 500 }),
      ),
    );
    renderWithProviders(<Timeline onOpen={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

function OneEntry({ withList }: { withList: boolean }) {
  const list = usePatientMoments(withList ? 'p1' : undefined, { limit: 2 });
  const one = usePatientMoment(withList && !list.data ? undefined : 'p1', 'm1');
  if (one.error) return <p>failed {String((one.error as { status?: number }).status)}</p>;
  return <p>{one.data ? `opened ${one.data.momentId}` : 'waiting'}</p>;
}

describe('usePatientMoment', () => {
  it('opens one entry with getPatientMoment, never by paging through the list', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/patients/p1/moments', () => {
        asked.push('list');
        return HttpResponse.json({ items: [journal(0)], paginationCursor: 'more' });
      }),
      http.get('*/patients/p1/moments/:momentId', ({ params }) => {
        asked.push(`one ${String(params.momentId)}`);
        return HttpResponse.json(journal(1));
      }),
    );
    renderWithProviders(<OneEntry withList={false} />);
    expect(await screen.findByText('opened m1')).toBeInTheDocument();
    expect(asked).toEqual(['one m1']);
  });

  it('shows an entry of a loaded list at once, without waiting for its own answer', async () => {
    server.use(
      http.get('*/patients/p1/moments', () =>
        HttpResponse.json({ items: [journal(0), journal(1)], paginationCursor: null }),
      ),
      // The entry's own answer never comes: what is shown is the list's copy.
      http.get('*/patients/p1/moments/:momentId', async () => {
        await delay('infinite');
        return HttpResponse.json(journal(1));
      }),
    );
    renderWithProviders(<OneEntry withList />);
    expect(await screen.findByText('opened m1')).toBeInTheDocument();
  });

  it('answers a 404 for an entry that is not there', async () => {
    server.use(
      http.get('*/patients/p1/moments/:momentId', () =>
        HttpResponse.json({ code: 'not_found', message: 'No such entry' }, { status: 404 }),
      ),
    );
    renderWithProviders(<OneEntry withList={false} />);
    expect(await screen.findByText('failed 404')).toBeInTheDocument();
  });
});

describe('MomentDetail', () => {
  it('renders a thought record readably, never as JSON', () => {
    renderWithProviders(
      <MomentDetail
        timeZone="Europe/London"
        moment={{
          momentId: 'a',
          patientId: 'p1',
          eventType: 'cbt-automatic-thoughts',
          start: at,
          end: at,
          body: {
            situation: 'Meeting at work',
            thoughts: ['They think I am useless'],
            emotions: [{ name: 'Anxious', intensity: 80 }],
            distortions: ['mind-reading'],
          },
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Thought record' })).toBeInTheDocument();
    expect(screen.getByText('Meeting at work')).toBeInTheDocument();
    expect(screen.getByText('Anxious (80%)')).toBeInTheDocument();
    expect(screen.getByText('Mind reading')).toBeInTheDocument();
    expect(screen.queryByText(/[{}"]/)).toBeNull();
  });

  it('shows a PHQ-9 answer by answer with item 9 highlighted when above 0', () => {
    renderWithProviders(
      <MomentDetail
        moment={{
          momentId: 'b',
          patientId: 'p1',
          eventType: 'phq9',
          start: at,
          end: at,
          body: { items: [1, 1, 1, 1, 1, 1, 1, 1, 2], total: 10, severity: 'moderate' },
        }}
      />,
    );
    expect(screen.getByText('10 out of 27')).toBeInTheDocument();
    expect(screen.getByText('Moderate')).toBeInTheDocument();
    const item9 = screen
      .getByRole('rowheader', { name: /Thoughts that you would be better off dead/ })
      .closest('tr')!;
    expect(item9).toHaveTextContent('More than half the days (2)');
    expect(item9.getAttribute('style') ?? item9.className).toMatch(/red/);
  });
});

describe('model', () => {
  it('keeps each moment once across pages and cuts long first lines', () => {
    expect(
      momentsOf([
        { items: [journal(0), journal(1)], paginationCursor: 'x' },
        { items: [journal(1), journal(2)], paginationCursor: null },
      ]).map((m) => m.momentId),
    ).toEqual(['m0', 'm1', 'm2']);
    expect(firstLine('  hello\nworld')).toBe('hello');
    expect(firstLine('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
