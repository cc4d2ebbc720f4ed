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
