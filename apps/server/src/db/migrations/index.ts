import type { Migration } from 'kysely';
import * as m0001 from './0001_core_base.ts';
import * as m0003 from './0003_core_contact_tokens.ts';
import * as m0004 from './0004_care_moments_team.ts';
import * as m0005 from './0005_chat_live.ts';
import * as m0006 from './0006_admin_orgs_surveys_reports.ts';
import * as m0007 from './0007_organisation_access_codes.ts';
import * as m0030 from './0030_risk_alerts_welfare_contacts.ts';
import * as m0031 from './0031_patient_last_activity.ts';
import * as m0050 from './0050_personal_data_exports.ts';
import * as m0060 from './0060_safeguarding_log.ts';
import * as m0080 from './0080_user_data_actions.ts';
import * as m0120 from './0120_duty_rota_escalation.ts';
import * as m0130 from './0130_safety_plan_sharing.ts';
import * as m0140 from './0140_welfare_contact_record.ts';
import * as m0150 from './0150_research.ts';
import * as m0170 from './0170_shared_rate_limits.ts';
import * as m0200 from './0200_organisation_staff.ts';
import * as m0210 from './0210_intake_assignments.ts';
import * as m0220 from './0220_retention_scope.ts';
import * as m0240 from './0240_caseload_keyset.ts';
import * as m0265 from './0265_patient_record_views.ts';
import * as m0270 from './0270_appointments.ts';
import * as m0280 from './0280_appointment_notices.ts';
import * as m0281 from './0281_appointments_next.ts';
import * as m0282 from './0282_appointment_settings_inherit.ts';
import { identityMigrations } from './identity.ts';

/**
 * The one migration set, as a static record (no file-system lookups at run time, so it works under tsx,
 * vitest and any bundler). Names are `NNNN_name`; Kysely runs them in name order. Core migrations are
 * listed here; identity migrations are listed in ./identity.ts (owned by the identity part).
 */
export const migrations: Record<string, Migration> = {
  '0001_core_base': m0001,
  '0003_core_contact_tokens': m0003,
  '0004_care_moments_team': m0004,
  '0005_chat_live': m0005,
  '0006_admin_orgs_surveys_reports': m0006,
  '0007_organisation_access_codes': m0007,
  '0030_risk_alerts_welfare_contacts': m0030,
  '0031_patient_last_activity': m0031,
  '0050_personal_data_exports': m0050,
  '0060_safeguarding_log': m0060,
  '0080_user_data_actions': m0080,
  '0120_duty_rota_escalation': m0120,
  '0130_safety_plan_sharing': m0130,
  '0140_welfare_contact_record': m0140,
  '0150_research': m0150,
  '0170_shared_rate_limits': m0170,
  '0200_organisation_staff': m0200,
  '0210_intake_assignments': m0210,
  '0220_retention_scope': m0220,
  '0240_caseload_keyset': m0240,
  '0265_patient_record_views': m0265,
  '0270_appointments': m0270,
  '0280_appointment_notices': m0280,
  '0281_appointments_next': m0281,
  '0282_appointment_settings_inherit': m0282,
  ...identityMigrations,
};
