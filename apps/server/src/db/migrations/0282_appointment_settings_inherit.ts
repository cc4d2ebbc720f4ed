import { sql, type Kysely } from 'kysely';

// Appointment settings inherit along the organisation chain, as the organisation's other settings do: a
// column holds the organisation's own value, null when it sets none (then the nearest organisation above
// that sets one gives it, else the service's default). Rows saved before kept every value as their own.
const FIELDS = ['slot_minutes', 'horizon_weeks', 'notice_hours', 'kinds'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of FIELDS)
    await db.schema
      .alterTable('appointment_settings')
      .alterColumn(column, (c) => c.dropNotNull())
      .execute();
  for (const column of FIELDS)
    await db.schema
      .alterTable('appointment_settings')
      .alterColumn(column, (c) => c.dropDefault())
      .execute();
}

const DEFAULTS = {
  slot_minutes: sql`50`,
  horizon_weeks: sql`4`,
  notice_hours: sql`12`,
  kinds: sql`'["video","phone","in-person","chat"]'::jsonb`,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of FIELDS) {
    await db
      .updateTable('appointment_settings')
      .set({ [column]: DEFAULTS[column] })
      .where(column, 'is', null)
      .execute();
    await db.schema
      .alterTable('appointment_settings')
      .alterColumn(column, (c) => c.setNotNull())
      .execute();
  }
}
