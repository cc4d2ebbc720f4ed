import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { layoutForVirtualLists, renderWithProviders } from '../test-utils.tsx';
import { InfiniteVirtualList } from './InfiniteVirtualList.tsx';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i}`, name: `Row ${i + 1}` }));

function list(props: Partial<Parameters<typeof InfiniteVirtualList<{ id: string; name: string }>>[0]> = {}) {
  return (
    <InfiniteVirtualList
      items={rows(3)}
      itemKey={(r) => r.id}
      renderItem={(r) => <span>{r.name}</span>}
      loadingMore={<span>Loading more…</span>}
      label="Things"
      estimateSize={40}
      style={{ height: 400 }}
      rowTestId="row"
      {...props}
    />
  );
}

let restore: () => void;
beforeEach(() => (restore = layoutForVirtualLists(400)));
afterEach(() => restore());

describe('InfiniteVirtualList', () => {
  it('is a focusable, named region of list items with their place in the whole list', () => {
    renderWithProviders(list({ total: 120, hasNextPage: true }));
    const region = screen.getByRole('region', { name: 'Things' });
    expect(region).toHaveAttribute('tabindex', '0');
    const items = within(region).getAllByRole('listitem');
    expect(
      items
        .slice(0, 3)
        .map((li) => [li.textContent, li.getAttribute('aria-posinset'), li.getAttribute('aria-setsize')]),
    ).toEqual([
      ['Row 1', '1', '120'],
      ['Row 2', '2', '120'],
      ['Row 3', '3', '120'],
    ]);
    expect(screen.getAllByTestId('row')).toHaveLength(3);
    expect(within(region).getByText('Loading more…')).toBeInTheDocument();
  });

  it('asks for the next page as the end comes into view, never while one is read or after a failure', () => {
    const fetchNextPage = vi.fn();
    const { rerender } = renderWithProviders(list({ hasNextPage: true, fetchNextPage }));
    expect(fetchNextPage).toHaveBeenCalled();
    fetchNextPage.mockClear();
    rerender(list({ hasNextPage: true, isFetchingNextPage: true, fetchNextPage }));
    rerender(list({ hasNextPage: true, failed: true, fetchNextPage }));
    rerender(list({ hasNextPage: false, fetchNextPage }));
    expect(fetchNextPage).not.toHaveBeenCalled();
  });

  it('a complete list has its loaded size and no loading row', () => {
    renderWithProviders(list());
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[2]).toHaveAttribute('aria-setsize', '3');
    expect(screen.queryByText('Loading more…')).toBeNull();
  });

  it('redraws the rows in view when what they are drawn with changes', () => {
    const draw = (zone: string) =>
      list({ renderItem: (r) => <span>{`${r.name} ${zone}`}</span>, rowVersion: [zone] });
    const { rerender } = renderWithProviders(draw('UTC'));
    expect(screen.getByText('Row 1 UTC')).toBeInTheDocument();
    rerender(draw('UTC'));
    rerender(draw('Europe/Madrid'));
    expect(screen.getByText('Row 1 Europe/Madrid')).toBeInTheDocument();
  });

  it('draws a row once: not again when it only moves (rows above measured taller) or the list re-renders', () => {
    const drawn = new Map<string, number>();
    const renderItem = (r: { id: string; name: string }) => {
      drawn.set(r.id, (drawn.get(r.id) ?? 0) + 1);
      return <span>{r.name}</span>;
    };
    const items = rows(3);
    // Rows are estimated at 40 px and measured at 80 (layoutForVirtualLists): rows 2 and 3 move down.
    const { rerender } = renderWithProviders(list({ items, renderItem, rowVersion: ['UTC'] }));
    rerender(list({ items, renderItem, rowVersion: ['UTC'] }));
    expect(screen.getAllByRole('listitem')[2]).toHaveStyle({ transform: 'translateY(160px)' });
    expect([...drawn.values()]).toEqual([1, 1, 1]);
  });
});
