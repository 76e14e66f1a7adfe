/**
 * Socket.IO on the app's own port. A socket is authenticated from the session cookie in its
 * handshake (anonymous sessions included) and joins `user:<id>`; services push events with the
 * typed emit helpers below. Payloads are validated against shared/realtime before they leave.
 */
import type { Server as HttpServer } from 'node:http';
import type { Database } from '@tessera/db/connect';
import { zProjectId } from '@tessera/shared/projects';
import {
  type ClientToServerEvents,
  projectRoom,
  SERVER_EVENTS,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type SessionEndReason,
  SOCKET_PATH,
  userRoom,
} from '@tessera/shared/realtime';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { Auth } from '../modules/auth/auth.ts';
import { loadSession, type SessionInfo } from '../modules/auth/session.ts';
import { findRole } from '../modules/projects/projects.api.ts';
import type { UpgradeDispatcher } from '../plugins/upgrade.ts';
import type { RelayedEvent } from './pgRelay.ts';

interface SocketData {
  session: SessionInfo;
}

type IoServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export class Realtime {
  private io: IoServer | null = null;
  /** Worker processes have no sockets: their events go through this relay to the app nodes. */
  private publish: ((event: RelayedEvent) => Promise<void>) | null = null;
  private unsubscribe: (() => Promise<void>) | null = null;

  /** Worker-process mode: send every event through `publish` instead of local sockets. */
  useRelay(publish: (event: RelayedEvent) => Promise<void>, onError: (error: unknown) => void): void {
    this.publish = async (event) => publish(event).catch(onError);
  }

  /**
   * App-node mode: deliver events relayed by worker processes to this node's own sockets
   * (`local`: every node receives every notification, so each delivers only to its sockets).
   */
  async listenToRelay(subscribe: (deliver: (event: RelayedEvent) => void) => Promise<() => Promise<void>>): Promise<void> {
    this.unsubscribe = await subscribe((event) => {
      (this.io?.local.to(event.room).emit as ((e: string, p: unknown) => boolean) | undefined)?.(event.event, event.payload);
    });
  }
  private redisClients: { isReady: boolean; close(): Promise<unknown>; destroy(): void; ping(): Promise<unknown> }[] = [];

  /** Whether the Redis of the cross-node fan-out answers (null without Redis): readiness checks it. */
  async redisHealthy(timeoutMs = 1000): Promise<boolean | null> {
    const [pub] = this.redisClients;
    if (!pub) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      return await Promise.race([pub.ping().then(() => true, () => false), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * With Redis, events emitted on one node reach sockets connected to any node (production
   * runs several app replicas). Call before traffic arrives; without it everything stays in process.
   */
  async useRedis(url: string, onError: (error: unknown) => void, prefix = 'tessera:'): Promise<void> {
    const io = this.io;
    if (!io) throw new Error('Realtime.attach must run before useRedis');
    const pub = createClient({ url });
    const sub = pub.duplicate();
    // The client reconnects by itself; errors are reported, never thrown into the process.
    pub.on('error', onError);
    sub.on('error', onError);
    await Promise.all([pub.connect(), sub.connect()]);
    this.redisClients = [pub, sub];
    // Channels `<prefix>socket.io#…`: deployments sharing one Redis stay apart (REDIS_PREFIX).
    io.adapter(createAdapter(pub, sub, { key: `${prefix}socket.io` }));
  }

  /** Attaches Socket.IO to the HTTP server; called once by buildApp. `db` checks project membership on `project:join`. */
  attach(opts: { server: HttpServer; auth: Auth; db: Database; trustedOrigins: readonly string[] }): IoServer {
    const io: IoServer = new Server(opts.server, {
      path: SOCKET_PATH,
      serveClient: false,
      // Cookies ride along on cross-site WebSocket handshakes: only our own origins may connect.
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        callback(null, !origin || opts.trustedOrigins.includes(origin));
      },
    });
    io.use(async (socket, next) => {
      try {
        const session = await loadSession(opts.auth, socket.request.headers);
        if (!session) return next(new Error('UNAUTHORIZED'));
        socket.data.session = session;
        next();
      } catch {
        next(new Error('UNAUTHORIZED'));
      }
    });
    io.on('connection', (socket) => {
      const { user } = socket.data.session;
      void socket.join(userRoom(user.id));
      socket.emit('session:ready', { userId: user.id, anonymous: user.isAnonymous });
      // A project's room carries its collaborators' task progress: members only. Membership is
      // checked on join; losing it later makes the server remove the socket (removeFromProject).
      // The second check closes the window where access is revoked between the first and the join.
      socket.on('project:join', (projectId, ack) => {
        const reply = typeof ack === 'function' ? ack : () => {};
        const id = zProjectId.safeParse(projectId);
        if (!id.success) return reply(false);
        const room = projectRoom(id.data);
        const isMember = async () => (await findRole(opts.db, id.data, user.id)) !== null;
        void (async () => {
          if (!(await isMember())) return false;
          await socket.join(room);
          if (await isMember()) return true;
          await socket.leave(room);
          return false;
        })()
          .catch(() => false)
          .then((ok) => reply(ok));
      });
      socket.on('project:leave', (projectId) => {
        if (typeof projectId === 'string') void socket.leave(projectRoom(projectId));
      });
    });
    this.io = io;
    return io;
  }

  /** Hands Socket.IO's upgrades to it through the shared dispatcher. */
  route(dispatcher: UpgradeDispatcher): void {
    const io = this.io;
    if (!io) throw new Error('Realtime.attach must run before route');
    dispatcher.register(SOCKET_PATH, (req, socket, head) => io.engine.handleUpgrade(req, socket, head));
  }

  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void {
    this.emit(userRoom(userId), event, payload);
  }

  toProject<E extends ServerEventName>(projectId: string, event: E, payload: ServerEventPayload<E>): void {
    this.emit(projectRoom(projectId), event, payload);
  }

  /** Takes a user's sockets out of a project's room (on every node with Redis): they lost access. */
  removeFromProject(projectId: string, userId: string): void {
    this.io?.in(userRoom(userId)).socketsLeave(projectRoom(projectId));
  }

  /** Disconnects every socket of a user (sign-out everywhere, account deletion). */
  disconnectUser(userId: string): void {
    this.io?.in(userRoom(userId)).disconnectSockets(true);
  }

  /**
   * The user's sessions are gone (banned, account deleted): tells their open tabs to sign out
   * (`session:ended`), then disconnects them. A socket sends what it has queued before it
   * closes, so the event arrives first.
   */
  endUserSessions(userId: string, reason: SessionEndReason): void {
    this.toUser(userId, 'session:ended', { reason });
    this.disconnectUser(userId);
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = null;
    if (!this.io) return;
    const io = this.io;
    this.io = null;
    // Only this node's sockets, closed at the transport: their clients see "transport close" and
    // reconnect — to another node behind a balancer — and re-sync (the studio refetches on every
    // connect). disconnectSockets() would send a DISCONNECT, after which clients stay away, and
    // with the Redis adapter it would reach every node's sockets: one node stopping would
    // disconnect the whole deployment. io.close() would also close the HTTP server, which Fastify owns.
    io.engine.close();
    // A client that lost its server would wait for it to come back before a graceful close.
    await Promise.allSettled(this.redisClients.map(async (client) => (client.isReady ? client.close() : client.destroy())));
    this.redisClients = [];
  }

  private emit<E extends ServerEventName>(room: string, event: E, payload: ServerEventPayload<E>): void {
    const checked = SERVER_EVENTS[event].parse(payload) as ServerEventPayload<E>;
    if (!this.io && this.publish) {
      void this.publish({ room, event, payload: checked });
      return;
    }
    // Socket.IO's typed emit cannot narrow a generic event name; the schema above checked it.
    (this.io?.to(room).emit as ((e: string, p: unknown) => boolean) | undefined)?.(event, checked);
  }
}
