import type { AppointmentKind, AppointmentSettings, AppointmentSettingsPatch } from '@tend/api/model';

export const KINDS = ['video', 'phone', 'in-person', 'chat'] as const;

export interface AppointmentValues extends Record<string, unknown> {
  slotMinutes: number | string;
  horizonWeeks: number | string;
  noticeHours: number | string;
  kinds: string[];
  videoLinkTemplate: string;
}

const whole = (v: number | string) => (v === '' ? NaN : Number(v));

/**
 * The contract's limits on appointment settings, in words for an administrator (`k` gives the screen's
 * sentence by key): a whole number in range, a slot length in steps of 5 minutes, at least one kind, and
 * a secure meeting link that says where the appointment's id goes. An empty link means
 * video appointments carry none.
 */
export function appointmentSettingsRules(k: (key: string) => string) {
  return (v: AppointmentValues): Record<string, string | null> => {
    const slot = whole(v.slotMinutes);
    const horizon = whole(v.horizonWeeks);
    const notice = whole(v.noticeHours);
    const link = v.videoLinkTemplate.trim();
    return {
      slotMinutes:
        !Number.isInteger(slot) || slot < 15 || slot > 240 || slot % 5 !== 0 ? k('errors.slotMinutes') : null,
      horizonWeeks:
        !Number.isInteger(horizon) || horizon < 1 || horizon > 26 ? k('errors.horizonWeeks') : null,
      noticeHours: !Number.isInteger(notice) || notice < 0 || notice > 168 ? k('errors.noticeHours') : null,
      kinds: v.kinds.length === 0 ? k('errors.kinds') : null,
      videoLinkTemplate: !link
        ? null
        : link.length > 500 || !/^https:\/\/\S*\{appointmentId\}\S*$/.test(link)
          ? k('errors.videoLinkTemplate')
          : null,
    };
  };
}

export const APPOINTMENT_FIELDS = [
  'slotMinutes',
  'horizonWeeks',
  'noticeHours',
  'kinds',
  'videoLinkTemplate',
] as const;
export type AppointmentField = (typeof APPOINTMENT_FIELDS)[number];

type Resolved = Pick<AppointmentSettings, AppointmentField | 'inherited'>;

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x) => b.includes(x)) : a === b;

/**
 * The patch a save sends, so that inheritance is kept (see the server's settings): a field being reset goes
 * back to the organisation above (null); a field the organisation sets itself is sent as it is; an inherited
 * field only when the administrator changed it (it is then set here). An empty link is no link of its own.
 */
export function appointmentPatchOf(
  v: AppointmentValues,
  resolved: Resolved,
  resetting: readonly AppointmentField[],
): AppointmentSettingsPatch {
  const next: Record<AppointmentField, unknown> = {
    slotMinutes: Number(v.slotMinutes),
    horizonWeeks: Number(v.horizonWeeks),
    noticeHours: Number(v.noticeHours),
    kinds: v.kinds as AppointmentKind[],
    videoLinkTemplate: v.videoLinkTemplate.trim() || null,
  };
  const inherited = new Set(resolved.inherited.map((s) => s.field));
  const patch: Record<string, unknown> = {};
  for (const field of APPOINTMENT_FIELDS) {
    if (resetting.includes(field)) patch[field] = null;
    else if (!inherited.has(field) || !sameValue(next[field], resolved[field])) patch[field] = next[field];
  }
  return patch as AppointmentSettingsPatch;
}
