/** What a member may do with a project from its card's menu, by their role. */
import { canManage, type ProjectRole } from '@tessera/shared/projects';

export const PROJECT_ACTIONS = ['open', 'rename', 'duplicate', 'share', 'delete', 'leave'] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

/**
 * The menu of a project card: everyone may open, duplicate (into a project of their own) and see
 * who it is shared with; the owner renames and deletes it — except the default project, which
 * cannot be deleted (§8) — and everyone else may leave it (the owner cannot).
 */
export function projectActions(project: { role: ProjectRole; isDefault: boolean }): ProjectAction[] {
  const owner = canManage(project.role);
  return PROJECT_ACTIONS.filter((action) => {
    switch (action) {
      case 'rename':
        return owner;
      case 'delete':
        return owner && !project.isDefault;
      case 'leave':
        return !owner;
      default:
        return true;
    }
  });
}
