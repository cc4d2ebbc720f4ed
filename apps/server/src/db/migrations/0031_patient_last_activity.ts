import { sql, type Kysely } from 'kysely';

// The caseload's order at 10,000 patients: each patient's latest own activity (the newest
// updated_at of the moments they wrote themselves) kept on the patient's row by a trigger on moments, so a
// caseload page sorts on a column instead of computing a subquery per patient (~0.8 s → milliseconds on
// PGlite). Insert and update raise it; a delete of the latest recomputes it. Backfilled for existing rows.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('patients').addColumn('last_activity_at', 'timestamptz').execute();
  await sql`
    create or replace function patients_last_activity() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') and new.created_by = new.patient_id then
        update patients set last_activity_at = new.updated_at
          where id = new.patient_id and (last_activity_at is null or last_activity_at < new.updated_at);
      end if;
      if tg_op in ('UPDATE', 'DELETE') and old.created_by = old.patient_id then
        update patients set last_activity_at = (
            select max(m.updated_at) from moments m where m.patient_id = old.patient_id and m.created_by = old.patient_id)
          where id = old.patient_id and last_activity_at <= old.updated_at
            and (tg_op = 'DELETE' or new.updated_at < old.updated_at or new.created_by is distinct from new.patient_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger moments_patient_last_activity after insert or update or delete on moments for each row execute function patients_last_activity()`.execute(
    db,
  );
  await sql`update patients set last_activity_at = (
      select max(m.updated_at) from moments m where m.patient_id = patients.id and m.created_by = patients.id)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists moments_patient_last_activity on moments`.execute(db);
  await sql`drop function if exists patients_last_activity()`.execute(db);
  await db.schema.alterTable('patients').dropColumn('last_activity_at').execute();
}
