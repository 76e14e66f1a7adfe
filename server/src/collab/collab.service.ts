/**
 * The collaboration server: Hocuspocus on the app's own HTTP server at COLLAB_PATH, one Yjs
 * document per project (the document name is the project id). Behaviour lives in extensions —
 * CollabAuthExtension (who may connect, read-only for viewers), PostgresPersistenceExtension
 * (load, debounced store, snapshots) and, with REDIS_URL, Hocuspocus' Redis extension so every
 * node serves the same live document.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { URLSearchParams } from 'node:url';
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import { COLLAB_PATH, COLLAB_REASONS, zProjectId } from '@tessera/shared/projects';
import { Redis as RedisExtension } from '@hocuspocus/extension-redis';
import { type Document, type Extension, Hocuspocus } from '@hocuspocus/server';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { WebSocketServer } from 'ws';
import * as Y from 'yjs';
import type { Auth } from '../modules/auth/auth.ts';
import type { UpgradeDispatcher } from '../plugins/upgrade.ts';
import { CollabAuthExtension, type CollabContext, SYSTEM_CONTEXT } from './auth.extension.ts';
import type { CollabService } from './collab.types.ts';
import { CollabRefusal } from './collab.refusal.ts';
import { projectExists } from './collab.repo.ts';
import { type DocumentLoader, PostgresPersistenceExtension } from './persistence.extension.ts';

/** Stores wait this long after the last change, but never longer than STORE_MAX_WAIT_MS. */
export const STORE_DEBOUNCE_MS = 1000;
export const STORE_MAX_WAIT_MS = 5000;
/** Large enough for the first sync of a 10,000-node canvas, small enough to bound memory per message. */
const MAX_MESSAGE_BYTES = 32 * 1024 * 1024;
/** How long shutdown waits for clients to finish the WebSocket closing handshake. */
const CLOSE_GRACE_MS = 1000;
/** How long shutdown waits for stored documents to unload (the Redis extension delays it by a second). */
const UNLOAD_WAIT_MS = 2500;
/** Redis channel (after REDIS_PREFIX) telling every node to close connections (membership changes on any node). */
const DISCONNECT_CHANNEL = 'collab:disconnect';

type Log = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;

export interface CollabOptions {
  db: Database;
  auth: Auth;
  trustedOrigins: readonly string[];
  log: Log;
  /** With Redis, several nodes serve one document and revocations reach every node. */
  redisUrl?: string;
  /** Prefix of the Redis keys and channels (REDIS_PREFIX, default `tessera:`). */
  redisPrefix?: string;
  /** The stored-document reader (tests make it fail). */
  load?: DocumentLoader;
}

interface DisconnectMessage {
  projectId?: string;
  userId?: string;
}

/**
 * Hocuspocus' Redis extension without its store lock. The lock makes a node that cannot take it
 * skip its store altogether, and updates a node received through Redis never schedule a store
 * there, so an edit could go unstored. Our store needs no lock: it locks the rows and folds in
 * whatever another node wrote (PostgresPersistenceExtension), so every node simply stores.
 */
/** The transaction origin Hocuspocus' Redis extension applies other nodes' updates with. */
const REDIS_TRANSACTION_ORIGIN = '__hocuspocus__redis__origin__';

class LocklessRedisExtension extends RedisExtension {
  override async onStoreDocument(): Promise<void> {
    // Intentionally nothing: see above.
  }

  /** The extension's own onDestroy quits its lock first, which waits for Redis to come back: an outage would hang a shutdown. */
  override async onDestroy(): Promise<void> {
    this.pub.disconnect(false);
    this.sub.disconnect(false);
  }
}

/** Builds the collaboration server; with `redisUrl` it connects to Redis before resolving. */
export async function createCollab(options: CollabOptions): Promise<CollabServer> {
  const collab = new CollabServer(options);
  if (options.redisUrl) await collab.useRedis(options.redisUrl);
  return collab;
}

/** See the module comment. Implements the CollabService the rest of the server uses. */
export class CollabServer implements CollabService {
  readonly hocuspocus: Hocuspocus;
  private readonly persistence: PostgresPersistenceExtension;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly loadedListeners: ((projectId: string) => void)[] = [];
  /** One server write per document at a time (see transact). */
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly db: Database;
  private readonly log: Log;
  private readonly redisPrefix: string;
  /** With Redis: publishes on the disconnect channel; the clients to quit on close. */
  private redis: { publish: (channel: string, message: string) => Promise<unknown>; clients: { isReady: boolean; close(): Promise<unknown>; destroy(): void }[] } | null = null;
  private closing: Promise<void> | null = null;

  constructor(options: CollabOptions) {
    this.db = options.db;
    this.log = options.log;
    this.redisPrefix = options.redisPrefix ?? 'tessera:';
    this.persistence = new PostgresPersistenceExtension({ db: options.db, log: options.log, ...(options.load ? { load: options.load } : {}) });
    const extensions: Extension[] = [
      new CollabAuthExtension({ auth: options.auth, db: options.db, trustedOrigins: options.trustedOrigins }),
      this.persistence,
      { extensionName: 'tessera-loaded-listeners', afterLoadDocument: async ({ documentName }) => this.announceLoaded(documentName) },
      {
        // Hocuspocus stores only the edits of a node's own connections. An edit that reached this
        // node through Redis would be lost if the node it was made on died before its store delay,
        // so every node that holds the document stores it too (the persistence folds concurrent
        // stores together; see LocklessRedisExtension).
        extensionName: 'tessera-store-relayed',
        onChange: async (payload) => {
          if (payload.transactionOrigin !== REDIS_TRANSACTION_ORIGIN) return;
          void this.hocuspocus.storeDocumentHooks(payload.document, payload).catch((err: unknown) => this.log.error({ err, projectId: payload.documentName }, 'collab: storing a relayed edit failed'));
        },
      },
    ];
    if (options.redisUrl) extensions.push(this.redisExtension(options.redisUrl));
    this.hocuspocus = new Hocuspocus({ name: 'tessera', quiet: true, debounce: STORE_DEBOUNCE_MS, maxDebounce: STORE_MAX_WAIT_MS, extensions });
  }

  /** Routes WebSocket upgrades on COLLAB_PATH here. */
  route(upgrades: UpgradeDispatcher): void {
    upgrades.register(COLLAB_PATH, (req, socket, head) => this.handleUpgrade(req, socket, head));
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.closing) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      // Without a listener a protocol error (an oversized frame …) would throw in the process.
      ws.on('error', (err) => this.log.warn({ err }, 'collab: websocket error'));
      this.hocuspocus.handleConnection(ws, req);
    });
  }

  transact(projectId: string, change: (doc: Y.Doc) => void): Promise<void> {
    // Writes to one document queue up: each opens a direct connection, writes, stores and closes
    // it, and the next one starts from a settled document (never from one being unloaded).
    const previous = this.queues.get(projectId) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(() => this.transactNow(projectId, change));
    this.queues.set(projectId, run);
    void run
      .finally(() => {
        if (this.queues.get(projectId) === run) this.queues.delete(projectId);
      })
      .catch(() => undefined);
    return run;
  }

  private async transactNow(projectId: string, change: (doc: Y.Doc) => void): Promise<void> {
    if (this.closing) throw new AppError('SERVICE_UNAVAILABLE');
    if (!zProjectId.safeParse(projectId).success || !(await projectExists(this.db, projectId))) throw new AppError('PROJECT_NOT_FOUND');
    const connection = await this.hocuspocus.openDirectConnection(projectId, { ...SYSTEM_CONTEXT }).catch((error: unknown) => {
      throw error instanceof CollabRefusal ? new AppError('SERVICE_UNAVAILABLE', { cause: error }) : error;
    });
    const document = connection.document;
    try {
      // One Yjs transaction: collaborators receive the change as one update (and one undo step).
      if (document) document.transact(() => change(document));
    } finally {
      // Disconnecting stores the document right away (and unloads it when nobody else has it open).
      await connection.disconnect();
    }
    const storeError = this.persistence.storeError(projectId);
    if (storeError) throw new AppError('SERVICE_UNAVAILABLE', { cause: storeError });
  }

  async encodeState(projectId: string): Promise<Uint8Array | null> {
    const document = this.hocuspocus.documents.get(projectId);
    if (document && !document.isLoading && !document.isDestroyed) return Y.encodeStateAsUpdate(document);
    return this.persistence.load(projectId);
  }

  disconnect(projectId: string, userId?: string): void {
    this.closeLocal({ projectId, ...(userId ? { userId } : {}) });
    this.publishDisconnect({ projectId, ...(userId ? { userId } : {}) });
  }

  /** Closes every connection of a user on every document (ban, account deletion). */
  disconnectUser(userId: string): void {
    this.closeLocal({ userId });
    this.publishDisconnect({ userId });
  }

  onDocumentLoaded(listener: (projectId: string) => void): void {
    this.loadedListeners.push(listener);
  }

  /**
   * Stops taking connections, closes the open ones, stores every loaded document right away
   * (rather than after the debounce) and disconnects from Redis. Call before the database closes.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    // Server writes already started finish (and are stored) first.
    await Promise.allSettled([...this.queues.values()]);
    this.persistence.stop();
    const documents = [...this.hocuspocus.documents.values()];
    // Detach every connection first so no edit arrives after its document's final store.
    for (const document of documents) {
      for (const connection of document.getConnections()) connection.close({ code: 1001, reason: COLLAB_REASONS.shutdown });
    }
    await Promise.all(documents.map((document) => this.storeNow(document)));
    await this.closeSockets();
    // Let documents unload (the Redis extension unsubscribes then) before Redis disconnects.
    const deadline = Date.now() + UNLOAD_WAIT_MS;
    while (this.hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.hocuspocus.hooks('onDestroy', { instance: this.hocuspocus });
    if (this.redis) {
      const { clients } = this.redis;
      this.redis = null;
      // A client that lost its server would wait for it to come back before a graceful close.
      await Promise.allSettled(clients.map(async (client) => (client.isReady ? client.close() : client.destroy())));
    }
  }

  /** Runs the store hooks for a document now, waiting for any store already running. */
  private async storeNow(document: Document): Promise<void> {
    await this.hocuspocus.storeDocumentHooks(
      document,
      {
        instance: this.hocuspocus,
        clientsCount: document.getConnectionsCount(),
        context: { ...SYSTEM_CONTEXT },
        document,
        documentName: document.name,
        requestHeaders: {},
        requestParameters: new URLSearchParams(),
        socketId: 'server',
      },
      true,
    );
  }

  private async closeSockets(): Promise<void> {
    const sockets = [...this.wss.clients];
    for (const ws of sockets) ws.close(1001, COLLAB_REASONS.shutdown);
    const deadline = Date.now() + CLOSE_GRACE_MS;
    while (this.wss.clients.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // A client that did not answer the closing handshake is cut off: the HTTP server waits for it.
    for (const ws of this.wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private closeLocal({ projectId, userId }: DisconnectMessage): void {
    for (const document of this.hocuspocus.documents.values()) {
      if (projectId && document.name !== projectId) continue;
      for (const connection of document.getConnections()) {
        const context = connection.context as Partial<CollabContext> | undefined;
        if (userId && context?.userId !== userId) continue;
        // Closes this document on the connection; the provider gets `close` with the reason.
        connection.close({ code: 4403, reason: COLLAB_REASONS.revoked });
      }
    }
  }

  private announceLoaded(projectId: string): void {
    for (const listener of this.loadedListeners) {
      try {
        listener(projectId);
      } catch (err) {
        this.log.error({ err, projectId }, 'collab: a document-loaded listener failed');
      }
    }
  }

  // ——— Redis ———

  private redisExtension(url: string): RedisExtension {
    const parsed = new URL(url);
    const extension = new LocklessRedisExtension({
      host: parsed.hostname,
      port: parsed.port ? Number(parsed.port) : 6379,
      prefix: `${this.redisPrefix}collab`,
      options: {
        ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
        ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
        ...(parsed.pathname.length > 1 ? { db: Number(parsed.pathname.slice(1)) } : {}),
        ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
      },
    });
    // ioredis reconnects by itself; errors are reported, never thrown into the process.
    extension.pub.on('error', (err: unknown) => this.log.error({ err }, 'collab redis error'));
    extension.sub.on('error', (err: unknown) => this.log.error({ err }, 'collab redis error'));
    return extension;
  }

  /** Subscribes to revocations published by any node. */
  async useRedis(url: string): Promise<void> {
    const pub = createClient({ url });
    const sub = pub.duplicate();
    pub.on('error', (err) => this.log.error({ err }, 'collab redis error'));
    sub.on('error', (err) => this.log.error({ err }, 'collab redis error'));
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(this.redisPrefix + DISCONNECT_CHANNEL, (message) => {
      try {
        this.closeLocal(JSON.parse(message) as DisconnectMessage);
      } catch (err) {
        this.log.warn({ err }, 'collab: bad disconnect message');
      }
    });
    this.redis = { publish: (channel, message) => pub.publish(channel, message), clients: [pub, sub] };
  }

  private publishDisconnect(message: DisconnectMessage): void {
    this.redis?.publish(this.redisPrefix + DISCONNECT_CHANNEL, JSON.stringify(message)).catch((err: unknown) => this.log.error({ err }, 'collab: publishing a disconnect failed'));
  }
}
