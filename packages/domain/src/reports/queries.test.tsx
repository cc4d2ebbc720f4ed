import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetReportQueryKey } from '@tend/api';
import type { Report } from '@tend/api/model';
import { renderSubjectHook, subjectServer } from '../test/hooks.tsx';
import { useCreateReport, useRenameReport, useReports } from './queries.ts';
import { sampleReport } from './report.sample.ts';

const server = subjectServer();

const report = (id: string, status: Report['status'], name = `Report ${id}`) =>
  sampleReport(id, status, { name });

describe('the reports list and the cache', () => {
  it('pages with the cursor, asks again only for a pending report until it is done, and puts the answer into the list', async () => {
    const asked: string[] = [];
    let reads = 0;
    server.use(
      http.get('*/reporting', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('paginationCursor');
        return HttpResponse.json(
          cursor === 'b'
            ? { items: [report('c', 'failed')], paginationCursor: null }
            : { items: [report('a', 'running'), report('b', 'succeeded')], paginationCursor: 'b' },
        );
      }),
      http.get('*/reporting/:id', ({ params }) => {
        asked.push(String(params.id));
        reads += 1;
        return HttpResponse.json(report(String(params.id), reads >= 2 ? 'succeeded' : 'running'));
      }),
    );
    const { result } = renderSubjectHook(() => useReports(2));
    await waitFor(() => expect(result.current.reports.map((r) => r.reportId)).toEqual(['a', 'b']));
    await act(async () => {
      await result.current.fetchNextPage();
    });
    expect(result.current.reports.map((r) => r.reportId)).toEqual(['a', 'b', 'c']);
    await waitFor(() => expect(result.current.reports[0]!.status).toBe('succeeded'));
    expect(new Set(asked)).toEqual(new Set(['a']));
    const settled = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(asked.length).toBe(settled);
  });

  it('a created report goes to the top; a rename replaces the row and the report', async () => {
    // The server's list follows what was created and renamed, as the real one does: a refetch of the list
    // (its waiting report is watched) may answer before or after the assertions on a busy machine.
    let items = [report('b', 'succeeded')];
    server.use(
      http.get('*/reporting', () => HttpResponse.json({ items, paginationCursor: null })),
      http.get('*/reporting/:id', ({ params }) =>
        HttpResponse.json(report(String(params.id), 'queued', 'New')),
      ),
      http.post('*/reporting', () => {
        items = [report('n', 'queued', 'New'), ...items];
        return HttpResponse.json(items[0], { status: 201 });
      }),
      http.patch('*/reporting/:id', async ({ request, params }) => {
        const renamed = report(
          String(params.id),
          'succeeded',
          ((await request.json()) as { name: string }).name,
        );
        items = items.map((r) => (r.reportId === renamed.reportId ? renamed : r));
        return HttpResponse.json(renamed);
      }),
    );
    const { result, queryClient } = renderSubjectHook(() => ({
      list: useReports(),
      create: useCreateReport(),
      rename: useRenameReport(),
    }));
    await waitFor(() => expect(result.current.list.reports).toHaveLength(1));
    await act(async () => {
      await result.current.create.mutateAsync({
        data: {
          name: 'New',
          type: 'usage',
          organisationIds: ['org-1'],
          from: '2026-01-01',
          to: '2026-02-01',
        },
      });
    });
    expect(result.current.list.reports.map((r) => r.reportId)).toEqual(['n', 'b']);
    expect(queryClient.getQueryData<Report>(getGetReportQueryKey('n'))?.status).toBe('queued');
    await act(async () => {
      await result.current.rename.mutateAsync({ reportId: 'b', data: { name: 'Renamed' } });
    });
    expect(result.current.list.reports.find((r) => r.reportId === 'b')?.name).toBe('Renamed');
    expect(queryClient.getQueryData<Report>(getGetReportQueryKey('b'))?.name).toBe('Renamed');
  });
});
