/**
 * Event relay through PostgreSQL LISTEN/NOTIFY: a worker process has no Socket.IO server, so it
 * publishes its events on a channel and every app node delivers them to its own sockets.
 * Payloads are validated on both sides against shared/realtime.
 */
import { SERVER_EVENTS, type ServerEventName } from '@tessera/shared/realtime';
import pg from 'pg';
import { z } from 'zod';

export const EVENTS_CHANNEL = 'tessera_events';

export interface RelayedEvent {
  room: string;
  event: ServerEventName;
  payload: unknown;
}

const zRelayed = z.object({
  room: z.string().regex(/^(user|project):[\w-]+$/),
  event: z.enum(Object.keys(SERVER_EVENTS) as [ServerEventName, ...ServerEventName[]]),
  payload: z.unknown(),
});

/** Parses a notification; anything malformed is dropped. */
export function parseRelayed(text: string): RelayedEvent | null {
  try {
    const parsed = zRelayed.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    const payload = SERVER_EVENTS[parsed.data.event].safeParse(parsed.data.payload);
    return payload.success ? { ...parsed.data, payload: payload.data } : null;
  } catch {
    return null;
  }
}

/** Publishing side (worker processes): one NOTIFY per event. */
export function pgPublisher(pool: pg.Pool): (event: RelayedEvent) => Promise<void> {
  return async (event) => {
    await pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, JSON.stringify(event)]);
  };
}

/** Listening side (app nodes): a dedicated connection, reconnecting when it drops. */
export function pgSubscribe(
  databaseUrl: string,
  onEvent: (event: RelayedEvent) => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  return pgListen(databaseUrl, EVENTS_CHANNEL, {
    onNotify: (payload) => {
      const event = payload ? parseRelayed(payload) : null;
      if (event) onEvent(event);
    },
    onError,
  });
}

export interface PgListenHandlers {
  onNotify: (payload: string | undefined) => void;
  onError: (error: unknown) => void;
  /**
   * After every successful LISTEN, the first and each one after a reconnect: notifications sent
   * while the connection was down are lost, so a listener that must not miss work looks now.
   */
  onListening?: () => void;
  /** When the connection is lost (until `onListening` again). */
  onLost?: () => void;
}

/** Delay before the n-th reconnect attempt in a row: 0.25 s doubling up to 5 s. */
const reconnectDelay = (attempt: number) => Math.min(5_000, 250 * 2 ** attempt);

/**
 * LISTEN on `channel` over a dedicated `pg` connection (a pool would hand the LISTEN to whatever
 * query borrows that client next). The first connection must succeed (the promise rejects
 * otherwise); after that, a lost connection is retried with backoff until it is back or closed.
 * Resolves to a function that ends it.
 */
export async function pgListen(databaseUrl: string, channel: string, handlers: PgListenHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    // Live from LISTEN until the first error or end; failures while connecting reject connect().
    let live = false;
    const onLost = (err?: unknown) => {
      if (!live) return;
      live = false;
      if (client === next) client = null;
      void next.end().catch(() => {});
      if (closed) return;
      if (err) handlers.onError(err);
      handlers.onLost?.();
      schedule(0);
    };
    next.on('notification', (msg) => {
      if (msg.channel === channel) handlers.onNotify(msg.payload);
    });
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (err) {
      await next.end().catch(() => {});
      throw err;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    live = true;
    client = next;
    handlers.onListening?.();
  };
  const schedule = (attempt: number) => {
    retry = setTimeout(() => {
      retry = null;
      if (closed) return;
      connect().catch((err: unknown) => {
        handlers.onError(err);
        if (!closed) schedule(attempt + 1);
      });
    }, reconnectDelay(attempt));
  };
  await connect();

  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
