/** Operator view of a running instance. */
import type { DatabaseHandle } from '@tessera/db/connect';
import { countUsers } from '../users/users.api.ts';
import type { Announcement } from './announcement.ts';

export interface SystemInfo {
  database: { kind: DatabaseHandle['kind']; ok: boolean };
  uptimeSeconds: number;
  users: { total: number; anonymous: number };
}

/** Database health, uptime and user counts, for admins. */
export async function systemInfo(database: DatabaseHandle): Promise<SystemInfo> {
  const [ok, users] = await Promise.all([database.ping(), countUsers(database.db)]);
  return { database: { kind: database.kind, ok }, uptimeSeconds: Math.round(process.uptime()), users };
}

/** The current site-wide announcement, or null; operators set it with ANNOUNCEMENT_JSON. */
export function currentAnnouncement(config: { announcement: Announcement | null }): Announcement | null {
  return config.announcement;
}
