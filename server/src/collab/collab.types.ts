/**
 * What the rest of the server needs from the collaboration server (server/collab): writing into
 * a project's Yjs document directly (generation results, chat placeholders), reading its freshest
 * state (duplicate) and closing connections when access is revoked.
 */
import type * as Y from 'yjs';

export interface CollabService {
  /**
   * Applies `change` to the project's document in one transaction through a Hocuspocus direct
   * connection (loading the document if nobody has it open) and resolves once the change is
   * stored. Every connected collaborator receives it live.
   */
  transact(projectId: string, change: (doc: Y.Doc) => void): Promise<void>;
  /** The document's freshest full state (`Y.encodeStateAsUpdate`), in memory if loaded, else stored; null if never stored. */
  encodeState(projectId: string): Promise<Uint8Array | null>;
  /**
   * Closes one user's connections to a project (access revoked or role changed), or everyone's
   * (project deleted), on every node. Call it after the membership change is committed. The
   * provider gets `close` with COLLAB_REASONS.revoked.
   */
  disconnect(projectId: string, userId?: string): void;
  /** Closes every connection of a user, on every project and node (ban, account deletion). */
  disconnectUser(userId: string): void;
  /**
   * Called after a document loads on this node (reconciling finished canvas tasks into it),
   * including loads caused by `transact` itself — so a listener must not transact unconditionally.
   * Not awaited: the listener starts its own work.
   */
  onDocumentLoaded(listener: (projectId: string) => void): void;
  /** Stores every open document and closes every connection (shutdown). */
  close(): Promise<void>;
}
