/** Projects, members and invites: the only code that reads or writes their tables. */
import type { Database } from '@tessera/db/connect';
import { projectMembers } from '@tessera/db/schema';
import type { ProjectRole } from '@tessera/shared/projects';
import { and, eq } from 'drizzle-orm';

/** The caller's role in a project, or null when they are not a member (or it does not exist). */
export async function findRole(db: Database, projectId: string, userId: string): Promise<ProjectRole | null> {
  const [row] = await db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row?.role ?? null;
}
