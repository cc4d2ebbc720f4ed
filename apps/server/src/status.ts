import type { Config } from './config.ts';
import { json, type Db } from './db/index.ts';

/** The contract's ServerStatus: the maintenance window as the apps poll it. */
export interface ServerStatus {
  goingOffline: boolean;
  offlineTime: number | null;
  pendingReason: string | null;
  activeReason: string | null;
}

export interface MaintenanceWindow {
  /** epoch milliseconds when the service goes offline; null: no window */
  at: number | null;
  reason: string | null;
}

const KEY = 'maintenance';

/**
 * The maintenance window: set by TEND_MAINTENANCE_AT/TEND_MAINTENANCE_REASON at start, or by an admin call
 * (kept in the settings table, which then wins over the environment until cleared).
 */
export class StatusService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly now: () => number = Date.now,
  ) {}

  async window(): Promise<MaintenanceWindow> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', KEY)
      .executeTakeFirst();
    if (row) return row.value as MaintenanceWindow;
    return { at: this.config.maintenance.at ?? null, reason: this.config.maintenance.reason };
  }

  async setWindow(window: MaintenanceWindow): Promise<MaintenanceWindow> {
    await this.db
      .insertInto('settings')
      .values({ key: KEY, value: json(window), updated_at: new Date() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json(window), updated_at: new Date() }))
      .execute();
    return window;
  }

  /** Back to the environment's window (or none). */
  async clearWindow(): Promise<void> {
    await this.db.deleteFrom('settings').where('key', '=', KEY).execute();
  }

  async status(): Promise<ServerStatus> {
    const { at, reason } = await this.window();
    if (at === null)
      return { goingOffline: false, offlineTime: null, pendingReason: null, activeReason: null };
    const active = this.now() >= at;
    return {
      goingOffline: true,
      offlineTime: at,
      pendingReason: active ? null : reason,
      activeReason: active ? reason : null,
    };
  }
}
