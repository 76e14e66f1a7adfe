/**
 * Who may use the console (§6: report handling and cross-user queries are admins' only). The
 * session carries the user's role (better-auth additional field, set from ADMIN_EMAILS at
 * sign-up), so the console can show "no access" without a round trip; the server still
 * decides every call (adminProcedure), and a FORBIDDEN answer shows the same state.
 */
import { authClient } from '../../lib/authClient.ts';

export type AdminAccess = 'loading' | 'visitor' | 'guest' | 'denied' | 'admin';

export function useAdminAccess(): AdminAccess {
  const { data, isPending } = authClient.useSession();
  if (isPending) return 'loading';
  if (!data) return 'visitor';
  if (data.user.isAnonymous) return 'guest';
  return 'role' in data.user && data.user.role === 'admin' ? 'admin' : 'denied';
}
