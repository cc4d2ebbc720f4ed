import { createContext, useContext } from 'react';
import { useTranslation } from '@tend/i18n';
import type { PortalDefinition } from './types.ts';

export const PortalContext = createContext<PortalDefinition | null>(null);

/** The portal whose pages are rendering (set by the portal's root route). */
export function usePortal(): PortalDefinition {
  const portal = useContext(PortalContext);
  if (!portal) throw new Error('usePortal() needs the portal root route above it');
  return portal;
}

/**
 * Translates keys of the app's own namespace (the `texts` and navigation labels a portal was given; the app
 * types them with its `tk()`), which this package cannot type itself.
 */
export function useAppText(app: PortalDefinition['app']): (key: string) => string {
  const { t } = useTranslation(app as 'common');
  return t as unknown as (key: string) => string;
}

/** useAppText for the portal rendering. */
export function usePortalText(): (key: string) => string {
  return useAppText(usePortal().app);
}
