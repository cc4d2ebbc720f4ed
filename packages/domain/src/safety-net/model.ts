/**
 * Who will see what a patient shares, from their safety net (getPatientSafetyNet): the therapists of their
 * care team by name, or their organisation's duty team while they have none. Never "your care team" while
 * there is none; while the answer is not known (offline before it was ever read), a neutral "the clinicians
 * of your organisation" that promises no one in particular.
 */
export interface SafetyNetLike {
  therapists: ReadonlyArray<{ name: string }>;
  organisationName: string;
  responseHours: number | null;
}

export type Audience =
  { kind: 'therapists'; names: string[] } | { kind: 'duty'; organisation: string } | { kind: 'unknown' };

export function audienceOf(net: SafetyNetLike | null | undefined): Audience {
  if (!net) return { kind: 'unknown' };
  const names = net.therapists.map((t) => t.name.trim()).filter(Boolean);
  if (names.length > 0) return { kind: 'therapists', names };
  return { kind: 'duty', organisation: net.organisationName.trim() || 'Tend' };
}

/** Names joined as the language joins a list ("Alex Morgan and Sam Lee"; "Alex Morgan y Sam Lee"). */
export function listNames(names: readonly string[], locale: string): string {
  try {
    return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(names);
  } catch {
    return names.join(', ');
  }
}
