// The patient's safety net: who sees what the patient shares (the care team by name, or the
// organisation's duty team while there is none), the organisation's stated response time, and whether the
// care team may read the patient's safety plan (shared unless the patient stops it).
import type { Db } from '../../db/index.ts';
import { loadOrgs, mergedValues } from '../organisations/service.ts';
import { careTeam } from '../patients/service.ts';

export const SAFETY_PLAN_DOCUMENT = 'safety-plan';
export const SAFETY_PLAN_VERSION = 1;

export interface PatientSafetyNet {
  therapists: Array<{ therapistId: string; name: string }>;
  organisationName: string;
  responseHours: number | null;
  safetyPlanShared: boolean;
  safetyPlanSharingChangedAt: string | null;
}

/** Whether the patient shares their safety plan with their care team (no row: yes, the default). */
export async function safetyPlanSharing(
  db: Db,
  patientId: string,
): Promise<{ shared: boolean; changedAt: string | null }> {
  const row = await db
    .selectFrom('safety_plan_sharing')
    .select(['shared', 'changed_at'])
    .where('patient_id', '=', patientId)
    .executeTakeFirst();
  return row
    ? { shared: row.shared, changedAt: new Date(row.changed_at).toISOString() }
    : { shared: true, changedAt: null };
}

export async function setSafetyPlanSharing(db: Db, patientId: string, shared: boolean): Promise<void> {
  const now = new Date();
  await db
    .insertInto('safety_plan_sharing')
    .values({ patient_id: patientId, shared, changed_at: now })
    .onConflict((oc) => oc.column('patient_id').doUpdateSet({ shared, changed_at: now }))
    .execute();
}

/** The organisation's stated response time in hours (merged app settings), or null when none is stated. */
export function responseHoursOf(settings: Record<string, unknown>): number | null {
  const value = settings.responseHours;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 168 ? value : null;
}

export async function patientSafetyNet(
  db: Db,
  patient: { id: string; organisation_id: string },
): Promise<PatientSafetyNet> {
  const [team, orgs, sharing] = await Promise.all([
    careTeam(db, patient.id),
    loadOrgs(db),
    safetyPlanSharing(db, patient.id),
  ]);
  const org = orgs.rows.get(patient.organisation_id);
  return {
    therapists: team.map((t) => ({
      therapistId: t.therapistId,
      name: `${t.firstName} ${t.lastName}`.trim(),
    })),
    organisationName: org?.name ?? 'Tend',
    responseHours: org ? responseHoursOf(mergedValues(orgs, org.id, 'appSettings')) : null,
    safetyPlanShared: sharing.shared,
    safetyPlanSharingChangedAt: sharing.changedAt,
  };
}
