// Column types the table interfaces share, each Kysely's ColumnType of what a select gives, what an insert
// takes and what an update takes: one definition instead of one in every table file.
import type { ColumnType } from 'kysely';

/** timestamptz: selected as a Date, written as a Date or an ISO string (left out on insert: the default). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamptz that may be null. */
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
/** jsonb: selected as parsed JSON, written through `json(value)` from ../index.ts. */
export type Json<T = unknown> = ColumnType<T, unknown, unknown>;
/** A column that may be null, left out on insert (null then). */
export type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
