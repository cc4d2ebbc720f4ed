/**
 * The build's prerender entry (packages/config/src/prerender.ts): the sign-in page as a signed-out visitor's
 * first render shows it (PRERENDERED_PAGES in packages/config/src/hosting.ts).
 */
import type { PrerenderRender } from '@tend/config/prerender';
import { prerenderPortal } from '@tend/portal/prerender';
import { portal } from './app/portal.ts';

export const render: PrerenderRender = (request) => prerenderPortal(portal, request);
