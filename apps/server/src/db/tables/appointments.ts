// Tables of appointments (migration ../migrations/0270_appointments.ts).
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, unknown, unknown>;

export type AppointmentKindValue = 'video' | 'phone' | 'in-person' | 'chat';

/** An organisation's appointment settings (no row: the defaults). */
export interface AppointmentSettingsTable {
  organisation_id: string;
  slot_minutes: ColumnType<number, number | undefined, number>;
  horizon_weeks: ColumnType<number, number | undefined, number>;
  notice_hours: ColumnType<number, number | undefined, number>;
  kinds: Json<AppointmentKindValue[]>;
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

export interface AppointmentTables {
  appointment_settings: AppointmentSettingsTable;
  appointments: AppointmentsTable;
  appointment_blocks: AppointmentBlocksTable;
  appointment_reminders: AppointmentRemindersTable;
}
