import { sql, type Kysely } from 'kysely';

// The caseload page at 10,000 patients without sorting or counting the whole caseload per page:
// - patients.high_risk is the flag the caseload orders by: patient_risk (the flag with its reason) keeps it in
//   step through a trigger, so the order is on one table (setRisk writes both; rows written to patient_risk
//   alone, as seeds and tests do, no longer leave the two apart);
// - an index in the caseload's order (high-risk first, latest activity, last name, first name, id): a page is
//   read from the index, each row checked against the caller's care team (care_team_pk), and a keyset cursor
//   continues where the previous page ended;
// - the risk alerts' keyset order (a therapist's alerts of a kind, newest first, by id) from an index;
// - the caller's consents by therapist (the caseload's "shared data" of each row and its filter).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update patients p set high_risk = r.high_risk from patient_risk r
    where r.patient_id = p.id and p.high_risk is distinct from r.high_risk`.execute(db);
  await sql`
    create or replace function patient_risk_to_patients() returns trigger language plpgsql as $$
    begin
      update patients set high_risk = new.high_risk
        where id = new.patient_id and high_risk is distinct from new.high_risk;
      return null;
    end $$`.execute(db);
  await sql`create trigger patient_risk_high_risk after insert or update of high_risk on patient_risk
    for each row execute function patient_risk_to_patients()`.execute(db);
  // No activity sorts as -infinity (last): one non-null key, so a cursor's (flag, activity) is a range the
  // index starts from instead of a filter over every row before it.
  await sql`create index patients_caseload_order on patients
    (high_risk desc, (coalesce(last_activity_at, '-infinity'::timestamptz)) desc, last_name, first_name, id)`.execute(
    db,
  );
  await db.schema
    .createIndex('therapist_notifications_kind_created')
    .on('therapist_notifications')
    .columns(['therapist_id', 'kind', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('data_sharing_consents_therapist')
    .on('data_sharing_consents')
    .columns(['therapist_id', 'patient_id'])
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('data_sharing_consents_therapist').ifExists().execute();
  await db.schema.dropIndex('therapist_notifications_kind_created').ifExists().execute();
  await db.schema.dropIndex('patients_caseload_order').ifExists().execute();
  await sql`drop trigger if exists patient_risk_high_risk on patient_risk`.execute(db);
  await sql`drop function if exists patient_risk_to_patients()`.execute(db);
}
