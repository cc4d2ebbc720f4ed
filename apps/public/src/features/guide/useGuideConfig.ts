import { useQuery } from '@tanstack/react-query';
import { GUIDE_IMAGES } from './album.ts';

/** A client's guide configuration (static asset `assets/guide/{client}/config.json`). */
export interface GuideConfig {
  serviceName: string;
}

/**
 * A configuration that could not be used, with the HTTP status toProblem reads: 404 `not_found` when the
 * client has no usable guide (no file, not JSON, no service name), else the status the host answered. A
 * failure to reach the host at all stays fetch's TypeError (toProblem: offline or network).
 */
export class GuideConfigError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, status = 404) {
    super(message);
    this.name = 'GuideConfigError';
    this.status = status;
    this.code = status === 404 ? 'not_found' : `http_${status}`;
  }
}

export async function fetchGuideConfig(client: string, signal?: AbortSignal): Promise<GuideConfig> {
  const url = new URL(GUIDE_IMAGES.clientConfig(client), document.baseURI);
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) {
    const status = response.status === 410 ? 404 : response.status;
    throw new GuideConfigError(`Guide configuration of ${client}: HTTP ${response.status}`, status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new GuideConfigError(`Guide configuration of ${client} is not JSON`);
  }
  const serviceName = (body as { serviceName?: unknown } | null)?.serviceName;
  if (typeof serviceName !== 'string' || serviceName.trim() === '') {
    throw new GuideConfigError(`Guide configuration of ${client} has no serviceName`);
  }
  return { serviceName };
}

export const guideConfigQueryKey = (client: string) => ['guide-config', client] as const;

/** Fetched once per client and cached for the session (the file is static). */
export function useGuideConfig(client: string) {
  return useQuery({
    queryKey: guideConfigQueryKey(client),
    queryFn: ({ signal }) => fetchGuideConfig(client, signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
