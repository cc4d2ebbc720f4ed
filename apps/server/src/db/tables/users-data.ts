import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** One action of the data-export tooling (migration 0080): export, clone, create or erase. */
export interface UserDataActionsTable {
  id: string;
  action: 'export' | 'clone' | 'create' | 'erase';
  actor_id: string | null;
  subject_id: string | null;
  subject_ref: string;
  detail: ColumnType<Record<string, unknown>, unknown, unknown>;
  created_at: CreatedAt;
}

export interface UsersDataTables {
  user_data_actions: UserDataActionsTable;
}
