// The organisations subject's pure model: how a section's fields are shown with their inheritance (the
// organisation's own value against the merged one), and what a save sends.
//
// The server's merge rule (apps/server/src/modules/organisations/service.ts): a field the organisation does
// not set is null in its own (unmerged) view and takes its parent's merged value; arrays replace, never
// append. A JSON merge patch with `null` removes the organisation's own value (back to inherited).

/** One field of a section as the settings forms show it. */
export interface FieldInheritance {
  field: string;
  /** The organisation's own value; null when it inherits. */
  own: unknown;
  /** The value in effect (the merged view); null when no organisation of the chain sets it. */
  effective: unknown;
  /** No own value: the effective one (if any) comes from an organisation above. */
  inherited: boolean;
}

const isSet = (value: unknown) => value !== null && value !== undefined;

/** Field by field: the organisation's own values against the merged ones. */
export function inheritanceOf(
  fields: readonly string[],
  own: object | null | undefined,
  merged: object | null | undefined,
): FieldInheritance[] {
  const ownValues = (own ?? {}) as Record<string, unknown>;
  const mergedValues = (merged ?? {}) as Record<string, unknown>;
  return fields.map((field) => {
    const mine = ownValues[field];
    const effective = mergedValues[field];
    return {
      field,
      own: isSet(mine) ? mine : null,
      effective: isSet(effective) ? effective : null,
      inherited: !isSet(mine),
    };
  });
}

/**
 * The merge patch a settings form sends: only the fields that differ from what was read (so a save never
 * rewrites a field someone else changed meanwhile), with null for a field reset to inherited. Empty strings
 * count as "no own value".
 */
export function patchOf<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Partial<Record<keyof T, unknown>> {
  const patch: Partial<Record<keyof T, unknown>> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    const was = normalise(before[key]);
    const now = normalise(after[key]);
    if (JSON.stringify(was) !== JSON.stringify(now)) patch[key] = now;
  }
  return patch;
}

function normalise(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  return value;
}

/** Places used of the places allowed, for the organisation page ("12 of 50 places used"; null max = no limit). */
export function placesOf(redemptions: number, maxRedemptions: number | null | undefined) {
  const max = typeof maxRedemptions === 'number' ? maxRedemptions : null;
  const left = max === null ? null : Math.max(0, max - redemptions);
  return { used: redemptions, max, left, full: max !== null && redemptions >= max };
}

/** Whether a subscription's end date (YYYY-MM-DD, inclusive) has passed on `today` (YYYY-MM-DD). */
export function subscriptionState(
  endsAt: string | null | undefined,
  startsAt: string | null | undefined,
  today: string,
): 'none' | 'notStarted' | 'active' | 'ended' {
  if (startsAt && startsAt > today) return 'notStarted';
  if (!endsAt) return startsAt ? 'active' : 'none';
  return endsAt < today ? 'ended' : 'active';
}

/** The logo types the server accepts (getOrganisationImageUploadPolicy: PNG, JPEG or SVG). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** The `accept` attribute of the logo's file input. */
export const LOGO_ACCEPT = LOGO_TYPES.join(',');
/** 2 MB: the server's limit (the upload policy's maxBytes is the authority). */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export type LogoProblem = 'empty' | 'type' | 'size';

/** Why a file cannot be the logo, before anything is sent (null when it can). */
export function checkLogo(
  file: { type: string; size: number },
  maxBytes = MAX_LOGO_BYTES,
): LogoProblem | null {
  if (file.size === 0) return 'empty';
  if (!(LOGO_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'type';
  if (file.size > maxBytes) return 'size';
  return null;
}

/**
 * A settings form's values of a section: one entry per field the form edits, null where the organisation
 * has no own value (also for an empty string), so the form's fields are all present and "inherited" is null.
 */
export function ownFormValues<K extends string>(
  fields: readonly K[],
  own: object | null | undefined,
): Record<K, unknown> {
  const values = (own ?? {}) as Record<string, unknown>;
  const out = {} as Record<K, unknown>;
  for (const field of fields) {
    const value = values[field];
    out[field] = value === undefined || value === '' ? null : value;
  }
  return out;
}
