/**
 * Who may open a project's document: the WebSocket upgrade carries the browser's session
 * cookie; members get in (owners and editors read-write, viewers read-only), everyone else is
 * refused. The document name is the project id.
 */
import type { Database } from '@tessera/db/connect';
import { canEdit, COLLAB_REASONS, type ProjectRole, zProjectId } from '@tessera/shared/projects';
import type { connectedPayload, Extension, onAuthenticatePayload } from '@hocuspocus/server';
import type { Auth } from '../modules/auth/auth.ts';
import { loadSession } from '../modules/auth/session.ts';
import { findRole } from '../modules/projects/projects.api.ts';
import { CollabRefusal } from './collab.refusal.ts';
import { findUserName } from './collab.repo.ts';

/** What every hook (and `disconnect`) knows about a connection. */
export interface CollabContext {
  userId: string;
  userName: string;
  role: ProjectRole;
}

/** The context of the server's own writes (direct connections). */
export const SYSTEM_CONTEXT: CollabContext = { userId: 'system', userName: 'Tessera', role: 'owner' };

export interface CollabAuthOptions {
  auth: Auth;
  db: Database;
  /** Cookies ride along on cross-site WebSocket handshakes: only our own origins may connect. */
  trustedOrigins: readonly string[];
}

export class CollabAuthExtension implements Extension {
  readonly extensionName = 'tessera-auth';

  constructor(private readonly options: CollabAuthOptions) {}

  async onAuthenticate({ documentName, requestHeaders, connectionConfig }: onAuthenticatePayload): Promise<CollabContext> {
    if (!zProjectId.safeParse(documentName).success) throw new CollabRefusal('forbidden');
    const origin = requestHeaders.origin;
    if (origin && !this.options.trustedOrigins.includes(origin)) throw new CollabRefusal('unauthorized');
    // A banned user has no session (the ban deletes them), a deleted account's cookie throws.
    const session = await loadSession(this.options.auth, requestHeaders, this.options.db).catch(() => null);
    if (!session) throw new CollabRefusal('unauthorized');
    const userId = session.user.id;
    const role = await findRole(this.options.db, documentName, userId);
    if (!role) throw new CollabRefusal('forbidden');
    // Hocuspocus drops a read-only connection's document updates (and tells the client so).
    connectionConfig.readOnly = !canEdit(role);
    return { userId, userName: (await findUserName(this.options.db, userId)) ?? '', role };
  }

  /**
   * Checks membership once more when the connection is in place. A member removed between the
   * check above and this moment was not yet there for `disconnect` to close: this closes it.
   */
  async connected({ documentName, context, connection }: connectedPayload): Promise<void> {
    const { userId } = context as CollabContext;
    // If the database cannot answer, the check onAuthenticate just made stands.
    const role = await findRole(this.options.db, documentName, userId).catch(() => 'unknown');
    if (!role) connection.close({ code: 4403, reason: COLLAB_REASONS.revoked });
  }
}
