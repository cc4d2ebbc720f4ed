// The admin console's reports over the reporting calls. The list is an infinite query over listReports'
// paginationCursor; every report still being made is asked again (getReport, every 2 s) only while it is
// queued or running, and each answer is put into the list's pages, so the list follows without a refetch.
// Every mutation puts the server's answer into the caches (setQueryData on the generated keys).
import {
  useMutation,
  useQueries,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import {
  downloadScheduledReport,
  getGetReportQueryKey,
  getGetReportQueryOptions,
  getGetReportScheduleQueryKey,
  getListReportsInfiniteQueryKey,
  useCreateReport as useCreateReportCall,
  useGetReportSchedule,
  useListReportsInfinite,
  useRenameReport as useRenameReportCall,
  useRetryReport as useRetryReportCall,
  useUpdateReportSchedule,
  useValidateReport as useValidateReportCall,
  zipReports,
} from '@tend/api';
import type { Report, ReportInput, ReportList, ReportSchedule } from '@tend/api/model';
import { downloadFile } from '@tend/ui';
import { isPending, scheduledFileName, zipFileName } from './model.ts';
import { useLoadedItems } from '../loadedItems.ts';

export const REPORT_PAGE_SIZE = 50;
/** How often a queued or running report is asked again. */
export const REPORT_POLL_MS = 2_000;

const listParams = (pageSize: number) => ({ limit: pageSize });
const listPrefix = () => getListReportsInfiniteQueryKey().slice(0, 2);

/** Puts a report the server answered into its own entry and every loaded list page (new ones at the top). */
export function putReport(queryClient: QueryClient, report: Report, options: { prepend?: boolean } = {}) {
  queryClient.setQueryData(getGetReportQueryKey(report.reportId), report);
  queryClient.setQueriesData<InfiniteData<ReportList>>({ queryKey: listPrefix() }, (data) => {
    if (!data) return data;
    const found = data.pages.some((p) => p.items.some((r) => r.reportId === report.reportId));
    if (found)
      return {
        ...data,
        pages: data.pages.map((p) => ({
          ...p,
          items: p.items.map((r) => (r.reportId === report.reportId ? report : r)),
        })),
      };
    if (!options.prepend || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: [report, ...first!.items] }, ...rest] };
  });
}

/**
 * The administrator's reports, newest first, page by page; `reports` is every loaded row once. Reports still
 * being made are asked again every 2 s until they are done, each answer put into the list.
 */
export function useReports(pageSize = REPORT_PAGE_SIZE) {
  const queryClient = useQueryClient();
  const query = useListReportsInfinite(listParams(pageSize), {
    query: { initialPageParam: undefined, getNextPageParam: (page) => page.paginationCursor ?? undefined },
  });
  const pages = query.data?.pages;
  const reports = useLoadedItems(pages);
  const pendingIds = useMemo(
    () => reports.filter((r) => isPending(r.status)).map((r) => r.reportId),
    [reports],
  );
  const polls = useQueries({
    queries: pendingIds.map((id) => ({
      ...getGetReportQueryOptions(id),
      refetchInterval: (q: { state: { data?: Report } }) =>
        q.state.data && !isPending(q.state.data.status) ? false : REPORT_POLL_MS,
      refetchIntervalInBackground: true,
    })),
  });
  const answered = polls.map((p) => p.data).filter((r): r is Report => Boolean(r));
  const signature = answered.map((r) => `${r.reportId}:${r.status}:${r.name}`).join('|');
  useEffect(() => {
    for (const report of answered) {
      const shown = reports.find((r) => r.reportId === report.reportId);
      if (shown && shown.status !== report.status) putReport(queryClient, report);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the answers' signature is what changes
  }, [signature]);
  return { ...query, reports };
}

/** Queues a report; the answer (queued) goes to the top of the list. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useCreateReportCall({
    mutation: { onSuccess: (report) => putReport(queryClient, report, { prepend: true }) },
  });
}

/** Checks a report request without queuing it: `{ valid, problems }`. */
export function useValidateReport() {
  return useValidateReportCall();
}

export function useRenameReport() {
  const queryClient = useQueryClient();
  return useRenameReportCall({ mutation: { onSuccess: (report) => putReport(queryClient, report) } });
}

/** Puts a failed report back in the queue (409 `not_failed` for any other status); the list follows it again. */
export function useRetryReport() {
  const queryClient = useQueryClient();
  return useRetryReportCall({ mutation: { onSuccess: (report) => putReport(queryClient, report) } });
}

/** The chosen succeeded reports as one ZIP (a CSV each), handed to the browser as a download. */
export function useDownloadReports() {
  // Not the generated hook alone (a file handed to the browser): see the package README, Data hooks.
  return useMutation({
    mutationKey: ['reports', 'zip'],
    mutationFn: async (reportIds: string[]) => {
      const blob = await zipReports({ reportIds });
      const fileName = zipFileName();
      downloadFile(blob, fileName);
      return { fileName, bytes: blob.size };
    },
  });
}

/** The report scheduler of one organisation (the first the admin administers when none is named). */
export function useReportSchedule(organisationId?: string) {
  return useGetReportSchedule(organisationId ? { organisationId } : undefined, {
    query: { staleTime: 30_000 },
  });
}

/** Saves the scheduler; the answer becomes the cached settings (under the organisation and, when it is the default, without it). */
export function useSaveReportSchedule() {
  const queryClient = useQueryClient();
  return useUpdateReportSchedule({
    mutation: {
      onSuccess: (schedule: ReportSchedule) => {
        queryClient.setQueryData(
          getGetReportScheduleQueryKey({ organisationId: schedule.organisationId }),
          schedule,
        );
        queryClient.setQueryData<ReportSchedule>(getGetReportScheduleQueryKey(), (current) =>
          current?.organisationId === schedule.organisationId ? schedule : current,
        );
      },
    },
  });
}

/** The latest scheduled report of the organisation as a CSV download (404: none has run yet). */
export function useDownloadScheduledReport() {
  // Not the generated hook alone (a file handed to the browser): see the package README, Data hooks.
  return useMutation({
    mutationKey: ['reports', 'scheduled-download'],
    mutationFn: async (organisationId: string) => {
      const csv = await downloadScheduledReport({ organisationId });
      const fileName = scheduledFileName(organisationId);
      downloadFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
      return { fileName };
    },
  });
}

export type { Report, ReportInput, ReportSchedule };
