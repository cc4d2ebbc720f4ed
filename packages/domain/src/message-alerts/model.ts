import type { MessageAlert, MessageAlertMessage } from '@tend/api/model';
import { atWallClock, dayjs, userTimeZone } from '@tend/core/time';

export type AlertSeverity = MessageAlertMessage['severity'];
export type AlertAudience = MessageAlertMessage['audience'];
export const ALERT_SEVERITIES: readonly AlertSeverity[] = ['info', 'warning', 'critical'];
export const ALERT_AUDIENCES: readonly AlertAudience[] = [
  'patients',
  'therapists',
  'admins',
  'everyone',
  'public',
];

/**
 * An alert as the admin's form edits it: text fields as typed (blank = none), the period as wall-clock
 * `YYYY-MM-DDTHH:mm` in the admin's timezone (what a datetime-local input gives), the organisation '' for
 * every organisation.
 */
export interface AlertValues extends Record<string, unknown> {
  title: string;
  body: string;
  severity: AlertSeverity;
  audience: AlertAudience;
  organisationId: string;
  startsAt: string;
  endsAt: string;
  link: string;
}

export const emptyAlertValues = (organisationId = ''): AlertValues => ({
  title: '',
  body: '',
  severity: 'info',
  audience: 'patients',
  organisationId,
  startsAt: '',
  endsAt: '',
  link: '',
});

const WALL = 'YYYY-MM-DDTHH:mm';

/** The form's values of a stored alert (its instants shown at the wall clock of `timeZone`). */
export function toAlertValues(alert: Pick<MessageAlert, 'message'>, timeZone = userTimeZone()): AlertValues {
  const m = alert.message;
  const wall = (iso: string | null | undefined) => (iso ? dayjs(iso).tz(timeZone).format(WALL) : '');
  return {
    title: m.title,
    body: m.body,
    severity: m.severity,
    audience: m.audience,
    organisationId: m.organisationId ?? '',
    startsAt: wall(m.startsAt),
    endsAt: wall(m.endsAt),
    link: m.link ?? '',
  };
}

/**
 * The request body of the form's values: trimmed text, blanks as null, wall-clock times as instants. The
 * app-version limits are not edited here and are kept from `previous` (an edit replaces the whole message).
 */
export function toAlertMessage(
  values: AlertValues,
  previous?: MessageAlertMessage,
  timeZone = userTimeZone(),
): MessageAlertMessage {
  const instant = (wall: string) => (wall ? new Date(atWallClock(wall, timeZone)).toISOString() : null);
  const link = values.link.trim();
  return {
    title: values.title.trim(),
    body: values.body.trim(),
    severity: values.severity,
    audience: values.audience,
    organisationId: values.organisationId || null,
    startsAt: instant(values.startsAt),
    endsAt: instant(values.endsAt),
    minVersion: previous?.minVersion ?? null,
    maxVersion: previous?.maxVersion ?? null,
    link: link || null,
  };
}

/** Where an alert is in the period it shows: not yet, showing now, or over. */
export type AlertPeriodState = 'scheduled' | 'showing' | 'ended';

export function alertPeriodState(
  message: Pick<MessageAlertMessage, 'startsAt' | 'endsAt'>,
  now: number,
): AlertPeriodState {
  if (message.startsAt && Date.parse(message.startsAt) > now) return 'scheduled';
  if (message.endsAt && Date.parse(message.endsAt) <= now) return 'ended';
  return 'showing';
}

/** Form rules the contract cannot say: the end after the start; the public site only for every organisation. */
export function alertRules(values: AlertValues): {
  endsAt: 'endBeforeStart' | null;
  audience: 'publicNeedsEveryOrganisation' | null;
} {
  const endBeforeStart = Boolean(values.startsAt && values.endsAt && values.endsAt <= values.startsAt);
  return {
    endsAt: endBeforeStart ? 'endBeforeStart' : null,
    audience: values.audience === 'public' && values.organisationId ? 'publicNeedsEveryOrganisation' : null,
  };
}
