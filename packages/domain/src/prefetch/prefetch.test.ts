import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  getGetLatestScreeningQueryKey,
  getGetMyGraphQueryKey,
  getGetOrganisationNumbersQueryKey,
  getListAssignedPatientsInfiniteQueryKey,
  getListRiskAlertsInfiniteQueryKey,
} from '@tend/api';
import { startOfDay } from '@tend/core/time';
import { summaryParams } from '../activity/model.ts';
import { OFFER_EVERYTHING, forgetOffered, rememberOffered } from '../offered/model.ts';
import { prefetchAdminHome, prefetchCaseload, prefetchTherapistHome, prefetchToday } from './index.ts';

/** A query client whose prefetches are only recorded (their keys), never sent. */
function recording() {
  const queryClient = new QueryClient();
  const keys: QueryKey[] = [];
  const record = (options: { queryKey: QueryKey }) => {
    keys.push(options.queryKey);
    return Promise.resolve();
  };
  vi.spyOn(queryClient, 'prefetchQuery').mockImplementation(record as never);
  vi.spyOn(queryClient, 'prefetchInfiniteQuery').mockImplementation(record as never);
  return { queryClient, keys };
}

afterEach(() => {
  vi.restoreAllMocks();
  forgetOffered();
});

describe('prefetch: the keys the pages read', () => {
  it("the caseload's first page with the filters the page asks for (its hook's key)", () => {
    const { queryClient, keys } = recording();
    prefetchCaseload(queryClient, { search: '  Ann ', highRisk: true });
    expect(keys).toContainEqual(
      getListAssignedPatientsInfiniteQueryKey({ search: 'Ann', highRisk: true, limit: 50 }),
    );
  });

  it("the therapist home's open alerts, as many as it shows", () => {
    const { queryClient, keys } = recording();
    prefetchTherapistHome(queryClient, 5);
    expect(keys).toContainEqual(getListRiskAlertsInfiniteQueryKey({ status: 'unacknowledged', limit: 5 }));
  });

  it("Today's activity summary at the same moment, and screening unless it is known not to be offered", () => {
    const now = Date.UTC(2026, 10, 27, 10);
    const offered = recording();
    prefetchToday(offered.queryClient, 'p1', now);
    expect(offered.keys).toContainEqual(getGetMyGraphQueryKey(summaryParams(now, startOfDay).graph));
    expect(offered.keys).toContainEqual(getGetLatestScreeningQueryKey());

    rememberOffered('p1', {
      ...OFFER_EVERYTHING,
      features: { ...OFFER_EVERYTHING.features, screening: false },
    });
    const notOffered = recording();
    prefetchToday(notOffered.queryClient, 'p1', now);
    expect(notOffered.keys).not.toContainEqual(getGetLatestScreeningQueryKey());
  });

  it("the admin's figures of the organisation named in the address, without waiting for the tree", () => {
    const { queryClient, keys } = recording();
    vi.spyOn(queryClient, 'fetchInfiniteQuery').mockReturnValue(new Promise(() => {}));
    prefetchAdminHome(queryClient, 'org-1');
    expect(keys).toContainEqual(getGetOrganisationNumbersQueryKey('org-1'));
  });

  it("the admin's figures of the first organisation of their tree once it answers", async () => {
    const { queryClient, keys } = recording();
    vi.spyOn(queryClient, 'fetchInfiniteQuery').mockResolvedValue({
      pages: [{ items: [{ id: 'org-top' }] }],
      pageParams: [undefined],
    } as never);
    prefetchAdminHome(queryClient, null);
    await vi.waitFor(() => expect(keys).toContainEqual(getGetOrganisationNumbersQueryKey('org-top')));
  });
});
