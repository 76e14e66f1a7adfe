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
export async function pgSubscribe(
  databaseUrl: string,
  onEvent: (event: RelayedEvent) => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let closed = false;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('notification', (msg) => {
      if (msg.channel !== EVENTS_CHANNEL || !msg.payload) return;
      const event = parseRelayed(msg.payload);
      if (event) onEvent(event);
    });
    next.on('error', (err) => {
      onError(err);
      if (!closed) setTimeout(() => void connect().catch(onError), 1_000);
    });
    await next.connect();
    await next.query(`LISTEN ${EVENTS_CHANNEL}`);
    client = next;
  };
  await connect();

  return async () => {
    closed = true;
    await client?.end().catch(() => {});
  };
}
