// Tag duty: an organisation's duty rota (its administrators) and the calling therapist's duty now.
import { adminOfX, entry, therapistsOwn, ORG_X, LEAD, type Entry } from '../roles.ts';
import { childOfX } from './support.ts';

const X = { organisation: ORG_X };

export const entries: Entry[] = [
  entry('getDutyRota', adminOfX(200), () => ({ params: X })),
  // On a child of X made for the call, so X's own rota (the demo's) stays as it is.
  entry('replaceDutyRota', adminOfX(200), async (_role, m) => ({
    params: { organisation: await childOfX(m) },
    body: { shifts: [{ therapistId: LEAD, day: 1, startMinute: 540, endMinute: 1020 }] },
  })),
  entry('getMyDuty', therapistsOwn(200)),
];
