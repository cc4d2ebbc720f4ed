// The signed-in therapist's caseload, profile, timezone and availability (tag `therapist`, care-team
// operations; the chat operations of this tag live in ../therapist-chat): ./caseload.ts, ./profile.ts
// (details, name, biography, timezone, the profile others see), ./availability.ts and ./since-last-look.ts
// (what is new in a patient's record since the caller last looked).
import type { Handlers, RateLimit } from '../../http/types.ts';
import { envLimit } from '../../http/rate-limits.ts';
import { availabilityHandlers } from './availability.ts';
import { caseloadHandlers } from './caseload.ts';
import { profileHandlers } from './profile.ts';
import { sinceLastLookHandlers } from './since-last-look.ts';

export const handlers: Handlers = {
  ...caseloadHandlers,
  ...profileHandlers,
  ...availabilityHandlers,
  ...sinceLastLookHandlers,
};

/** Access codes are short: limited per client IP so they cannot be guessed in bulk. */
export const rateLimits: Record<string, RateLimit> = {
  redeemPatientAccessCode: envLimit({ max: 20, timeWindow: 15 * 60_000 }),
};
