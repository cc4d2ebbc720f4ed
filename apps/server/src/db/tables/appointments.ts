// Tables of appointments (migration ../migrations/0270_appointments.ts).
import type { ColumnType } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

export type AppointmentKindValue = 'video' | 'phone' | 'in-person' | 'chat';

/**
 * An organisation's own appointment settings (no row, or a null column: inherited from the organisation above,
 * else the defaults; migration 0282).
 */
export interface AppointmentSettingsTable {
  organisation_id: string;
  slot_minutes: number | null;
  horizon_weeks: number | null;
  notice_hours: number | null;
  kinds: Json<AppointmentKindValue[] | null>;
  video_link_template: string | null;
  etag: string;
  updated_at: Timestamp;
}

export interface AppointmentsTable {
  id: string;
  organisation_id: string;
  patient_id: string;
  therapist_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  kind: AppointmentKindValue;
  note: string | null;
  status: ColumnType<'booked' | 'cancelled', 'booked' | 'cancelled' | undefined, 'booked' | 'cancelled'>;
  sequence: ColumnType<number, number | undefined, number>;
  video_link: string | null;
  cancelled_at: Timestamp | null;
  cancelled_by: 'patient' | 'therapist' | null;
  cancel_reason: string | null;
  move_reason: string | null;
  created_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Each 5 minutes a booked appointment covers (unique per therapist and per patient: no double booking). */
export interface AppointmentBlocksTable {
  appointment_id: string;
  therapist_id: string;
  patient_id: string;
  block_start: Timestamp;
}

export interface AppointmentRemindersTable {
  appointment_id: string;
  starts_at: Timestamp;
  sent_at: Timestamp;
}

/** A change the other side of an appointment has not seen yet (migration 0280). */
export interface AppointmentNoticesTable {
  id: string;
  appointment_id: string;
  recipient_id: string;
  change: 'booked' | 'moved' | 'cancelled';
  by_side: 'patient' | 'therapist';
  starts_at: Timestamp;
  previous_starts_at: Timestamp | null;
  reason: string | null;
  created_at: Timestamp;
  seen_at: Timestamp | null;
}

export interface AppointmentTables {
  appointment_notices: AppointmentNoticesTable;
  appointment_settings: AppointmentSettingsTable;
  appointments: AppointmentsTable;
  appointment_blocks: AppointmentBlocksTable;
  appointment_reminders: AppointmentRemindersTable;
}
