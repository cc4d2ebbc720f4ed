import { useQuery } from '@tanstack/react-query';
import { GUIDE_IMAGES } from './album.ts';

/** A client's guide configuration (static asset `assets/guide/{client}/config.json`). */
export interface GuideConfig {
  serviceName: string;
}

export class GuideConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GuideConfigError';
  }
}

export async function fetchGuideConfig(client: string, signal?: AbortSignal): Promise<GuideConfig> {
  const url = new URL(GUIDE_IMAGES.clientConfig(client), document.baseURI);
  const response = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new GuideConfigError(`Guide configuration of ${client}: HTTP ${response.status}`);
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
