// The signed-in patient's own moments (tag `moments`). Every handler works on the caller's record only
// (requireSelfPatient); the idempotency and cursor rules are in ./model.ts. The handlers: ./writing.ts
// (add, sync, timestamps) and ./reading.ts (latest, counters, totals, progress lists).
import type { Handlers } from '../../http/types.ts';
import { readHandlers } from './reading.ts';
import { writeHandlers } from './writing.ts';

export const handlers: Handlers = { ...writeHandlers, ...readHandlers };
