import en from './locales/en.json';
import type { useMomentWords } from './words.ts';

type Td = ReturnType<typeof useMomentWords>['td'];
type ActivityId = keyof typeof en.activities;
const isKnown = (id: string): id is ActivityId => Object.hasOwn(en.activities, id);

/**
 * A person's words for an activity's id: its name where the apps know it ("breathing" → "Breathing
 * exercise"), else the id written as words ("call-a-neighbour" → "Call a neighbour"), never the raw id.
 */
export function activityName(td: Td, id: string): string {
  if (isKnown(id)) return td(`moments.activities.${id}`);
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toLocaleUpperCase() + words.slice(1) : id;
}

/** How long it took, in words ("4 minutes", "under a minute"), or null when no time was recorded. */
export function durationWords(td: Td, seconds: number): string | null {
  if (!seconds || seconds <= 0) return null;
  if (seconds < 60) return td('moments.values.underAMinute');
  return td('moments.values.minutes', { count: Math.round(seconds / 60) });
}
