import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** One self-service export of a patient's own data (migration 0050). */
export interface PersonalDataExportsTable {
  id: string;
  user_id: string;
  size_bytes: number;
  files: number;
  created_at: CreatedAt;
}

export interface MyDataTables {
  personal_data_exports: PersonalDataExportsTable;
}
