import type { CoreTables } from './tables/core.ts';
import type { IdentityTables } from './tables/identity.ts';
import type { ChatTables } from './tables/chat.ts';
import type { CareTables } from './tables/care.ts';
import type { AdminTables } from './tables/admin.ts';
import type { CaseloadTables } from './tables/caseload.ts';
import type { MyDataTables } from './tables/my-data.ts';
import type { UsersDataTables } from './tables/users-data.ts';
import type { DutyTables } from './tables/duty.ts';
import type { ResearchTables } from './tables/research.ts';
import type { SafetyNetTables } from './tables/safety-net.ts';
import type { StaffTables } from './tables/staff.ts';
import type { IntakeTables } from './tables/intake.ts';
import type { AppointmentTables } from './tables/appointments.ts';

/** The whole database, as Kysely sees it: one interface per area, merged. */
export interface Database
  extends
    CoreTables,
    IdentityTables,
    ChatTables,
    CareTables,
    AdminTables,
    CaseloadTables,
    MyDataTables,
    UsersDataTables,
    DutyTables,
    ResearchTables,
    SafetyNetTables,
    StaffTables,
    IntakeTables,
    AppointmentTables {}
