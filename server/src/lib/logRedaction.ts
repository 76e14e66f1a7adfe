/**
 * What never reaches a log line: credentials in request and response headers, and the values a
 * failed query ran with. Drizzle wraps every failed query in an error whose message (and so its
 * stack) ends in `params: <values>` and which carries them as `params`; PostgreSQL's own error
 * puts key values in `detail` ("Key (token)=(…) already exists."). Those values are session
 * tokens, codes, e-mail addresses and the users' own text. The query text with its `$1`
 * placeholders and the constraint name stay: they are what an operator debugs with.
 *
 * `loggerOptions` is what every pino logger of ours starts from (the app's Fastify logger and the
 * worker process), so no logger is made without it.
 */
import type { LoggerOptions } from 'pino';
import pino from 'pino';

/** Header paths pino censors wherever requests and responses are logged. */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

/** Error fields that hold the values a query ran with. */
const VALUE_FIELDS = ['params', 'parameters', 'detail'] as const;
const REDACTED = '[redacted]';

/**
 * Drizzle's "Failed query: …\nparams: …" copied into text whose values we do not know: everything
 * after `params:` is cut, up to the next stack frame (or the end). Already censored parts stay.
 */
export function redactQueryText(text: string): string {
  const marker = '\nparams: ';
  let out = text;
  let from = 0;
  for (;;) {
    const at = out.indexOf(marker, from);
    if (at === -1) return out;
    const rest = at + marker.length;
    if (out.startsWith(REDACTED, rest)) {
      from = rest;
      continue;
    }
    const frame = out.indexOf('\n    at ', rest);
    out = `${out.slice(0, rest)}${REDACTED}${frame === -1 ? '' : out.slice(frame)}`;
    from = rest;
  }
}

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value);
}

/** `err` and its causes, oldest last, without looping on a cycle. */
function causeChain(err: unknown): (Error & Record<string, unknown>)[] {
  const chain: (Error & Record<string, unknown>)[] = [];
  let current: unknown = err;
  while (isErrorLike(current) && !chain.includes(current)) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

/** Removes the exact `params: <values>` text each error of the chain put into its message. */
function withoutParams(text: string, chain: readonly Record<string, unknown>[]): string {
  let out = text;
  for (const error of chain) {
    if (error.params === undefined) continue;
    // Drizzle's format: `params: ${params}` (an array stringifies with commas, newlines and all).
    const needle = `params: ${String(error.params)}`;
    out = out.split(needle).join(`params: ${REDACTED}`);
  }
  return redactQueryText(out);
}

type Serialized = Record<string, unknown>;

/**
 * Censors one serialized error and the serialized errors inside it (pino makes those for error
 * fields and `aggregateErrors`, all with the same prototype). Other values are the application's
 * own objects, shared by reference: they are left alone, never modified.
 */
function scrub(serialized: Serialized, proto: object | null, chain: readonly Record<string, unknown>[]): Serialized {
  const isSerializedError = (value: unknown): value is Serialized => typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === proto;
  for (const field of VALUE_FIELDS) if (serialized[field] !== undefined) serialized[field] = REDACTED;
  if (typeof serialized.message === 'string') serialized.message = withoutParams(serialized.message, chain);
  if (typeof serialized.stack === 'string') serialized.stack = withoutParams(serialized.stack, chain);
  for (const [key, value] of Object.entries(serialized)) {
    if (isSerializedError(value)) serialized[key] = scrub(value, proto, [...chain, ...causeChain(value.raw)]);
    else if (Array.isArray(value) && value.some(isSerializedError)) {
      serialized[key] = value.map((item: unknown) => (isSerializedError(item) ? scrub(item, proto, [...chain, ...causeChain(item.raw)]) : item));
    }
  }
  return serialized;
}

/**
 * pino's standard error serializer, then the query values taken out of the result: `params`,
 * `parameters` and `detail` fields (at any depth, causes and aggregated errors included) and the
 * `params:` part of messages and stacks.
 */
export function serializeError(err: unknown): unknown {
  const serialized = pino.stdSerializers.err(err as Error) as unknown;
  if (serialized === err || typeof serialized !== 'object' || serialized === null) return serialized;
  return scrub(serialized as Serialized, Object.getPrototypeOf(serialized) as object | null, causeChain(err));
}

/** The options every pino logger of ours is made with; `extra` adds to them (level, transport, base). */
export function loggerOptions(extra: LoggerOptions = {}): LoggerOptions {
  return {
    ...extra,
    redact: { paths: LOG_REDACT_PATHS, censor: REDACTED },
    serializers: { ...extra.serializers, err: serializeError, error: serializeError },
  };
}
