// organisations tag: listing, the caller's organisation, create, unmerged and merged views, PATCH of the
// four sections with ETags, enable/disable, subscription validity, adding a patient, the logo upload
// policy, the public whitelist check and search. The merge rule and ETags are described in ./service.ts;
// who may see what in ./access.ts. The handlers: ./listing.ts (lists, search, the caller's organisation,
// create, the whitelist check), ./sections.ts (views, sections, enable/disable, logo upload policy) and
// ./people.ts (patients, roles, the access code).
import type { FastifyInstance } from 'fastify';
import { envLimit } from '../../http/rate-limits.ts';
import type { AppDeps, Handlers, RateLimit } from '../../http/types.ts';
import { registerImages } from './images.ts';
import { listingHandlers } from './listing.ts';
import { peopleHandlers } from './people.ts';
import { sectionHandlers } from './sections.ts';

export const handlers: Handlers = { ...listingHandlers, ...sectionHandlers, ...peopleHandlers };

/** isEmailWhitelisted is public: limited per address so it cannot be used to probe domains in bulk. */
export const WHITELIST_LIMIT: RateLimit = { max: 30, timeWindow: 15 * 60_000 };
export const rateLimits: Record<string, RateLimit> = { isEmailWhitelisted: envLimit(WHITELIST_LIMIT) };

export async function register(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerImages(app, deps);
}
