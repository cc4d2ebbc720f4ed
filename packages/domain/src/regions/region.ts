import { getRegion } from '@tend/api';
import type { Region } from '@tend/api/model';
import { getRuntimeConfig } from '@tend/config/runtime';

/** Where a visitor from a region the service does not serve is sent (the same path in every app). */
export const REGION_ERROR_PATH = '/regionerror';

const CACHE_KEY = 'tend.region';
const SIMULATED_KEY = 'tend.region.simulate';
const COUNTRY = /^[A-Za-z]{2}$/;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined; // storage refused (privacy settings): ask on every start instead
  }
}

/**
 * Development and test builds only: `?country=XX` on any page simulates a visit from that country for the rest
 * of the visit (kept in sessionStorage), by sending it as the contract's `X-Country-Code`, which the edge
 * sets in production. Production builds ignore it.
 */
export function simulatedCountry(
  search: string,
  store: Store | undefined = sessionStore(),
  env = getRuntimeConfig().env,
): string | undefined {
  if (env === 'production') return undefined;
  const asked = new URLSearchParams(search).get('country');
  if (asked && COUNTRY.test(asked)) {
    const country = asked.toUpperCase();
    if (store?.getItem(SIMULATED_KEY) !== country) {
      store?.setItem(SIMULATED_KEY, country);
      store?.setItem(CACHE_KEY, ''); // a different country: ask again
    }
    return country;
  }
  const kept = store?.getItem(SIMULATED_KEY);
  return kept && COUNTRY.test(kept) ? kept : undefined;
}

function cached(store: Store | undefined): Region | undefined {
  const raw = store?.getItem(CACHE_KEY);
  if (!raw) return undefined;
  try {
    const region = JSON.parse(raw) as Partial<Region>;
    return typeof region.allowed === 'boolean' && typeof region.country === 'string'
      ? (region as Region)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The visitor's region: asked of GET /regions once per visit (the answer kept in sessionStorage, so other
 * pages and reloads of the visit do not ask again). A failed request answers undefined and is not kept: the
 * service is never refused because the check itself failed.
 */
export async function checkRegion(
  options: { search?: string; store?: Store | undefined; fetchRegion?: typeof getRegion } = {},
): Promise<Region | undefined> {
  const store = 'store' in options ? options.store : sessionStore();
  const country = simulatedCountry(
    options.search ?? (typeof window === 'undefined' ? '' : window.location.search),
    store,
  );
  const known = cached(store);
  if (known) return known;
  try {
    const region = await (options.fetchRegion ?? getRegion)(
      country ? { 'X-Country-Code': country } : undefined,
    );
    store?.setItem(CACHE_KEY, JSON.stringify(region));
    return region;
  } catch {
    return undefined;
  }
}

/** What watchRegion needs of a router (react-router's data router). */
export interface RegionRouter {
  state: { location: { pathname: string } };
  navigate(to: string, options?: { replace?: boolean }): unknown;
}

/**
 * Checks the visitor's region once, without holding up the page: a visitor from a region the service does not
 * serve is sent to REGION_ERROR_PATH (replacing the page they asked for).
 */
export async function watchRegion(
  router: RegionRouter,
  options: Parameters<typeof checkRegion>[0] = {},
): Promise<Region | undefined> {
  const region = await checkRegion(options);
  if (region && !region.allowed && router.state.location.pathname !== REGION_ERROR_PATH) {
    await router.navigate(REGION_ERROR_PATH, { replace: true });
  }
  return region;
}
