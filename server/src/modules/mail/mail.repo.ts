/** The dev mailbox table. */
import type { Database } from '@tessera/db/connect';
import { devMail } from '@tessera/db/schema';
import { desc, eq } from 'drizzle-orm';

export interface DevMailItem {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export async function insertDevMail(db: Database, message: { to: string; subject: string; text: string; html: string }): Promise<void> {
  await db.insert(devMail).values({ to: message.to, subject: message.subject, text: message.text, html: message.html });
}

/** Newest first; `to` narrows to one recipient. */
export async function listDevMail(db: Database, opts: { limit: number; to?: string | undefined }): Promise<DevMailItem[]> {
  const rows = await db
    .select()
    .from(devMail)
    .where(opts.to ? eq(devMail.to, opts.to) : undefined)
    .orderBy(desc(devMail.id))
    .limit(opts.limit);
  return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, createdAt: r.createdAt.toISOString() }));
}
