/**
 * What an operator reads when the server or a worker cannot start: one line with the reason and
 * what to do about it, `Tessera could not start: <reason>. <hint>`, and no stack trace (the
 * stack follows only with LOG_LEVEL=debug or trace). The process then exits with code 1.
 */
import { ConfigError } from './config.ts';

interface FailureLike {
  code?: unknown;
  message?: unknown;
  address?: unknown;
  port?: unknown;
  errors?: unknown;
}

/** The database's host and port from DATABASE_URL, never its credentials. */
function databaseTarget(env: NodeJS.ProcessEnv): string {
  try {
    const url = new URL(env.DATABASE_URL ?? '');
    return `${url.hostname}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return 'DATABASE_URL';
  }
}

const DATABASE_HINT = 'Check DATABASE_URL and that PostgreSQL is running there, or unset DATABASE_URL to use the embedded database';
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);

/** The failure's own code, or that of the first of several (a host with IPv4 and IPv6 addresses). */
function codeOf(error: FailureLike): string | undefined {
  if (typeof error.code === 'string') return error.code;
  if (Array.isArray(error.errors)) {
    const first = error.errors[0] as FailureLike | undefined;
    if (first && typeof first.code === 'string') return first.code;
  }
  return undefined;
}

/** `<reason>. <hint>` for a start-up failure, on one line. */
export function describeStartupFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const failure: FailureLike = typeof error === 'object' && error !== null ? error : {};
  const text = (typeof failure.message === 'string' && failure.message) || String(error);
  const message = text.replace(/:?\s*\n\s*/g, ': ').replace(/[.\s]+$/, '');
  const code = codeOf(failure);
  if (error instanceof ConfigError) {
    return `${message}. Check the environment variables (docs/configuration.md lists them)`;
  }
  if (error instanceof Error && error.name === 'S3UnavailableError') {
    return `${message}. Check S3_ENDPOINT, S3_BUCKET, S3_REGION and the S3 keys, or set MEDIA_STORE=local`;
  }
  if (code === 'EADDRINUSE') {
    const port = typeof failure.port === 'number' ? failure.port : env.PORT;
    return `port ${port} is already in use. Stop the program using it or set PORT to a free port`;
  }
  if (code === 'EACCES' && failure.port !== undefined) {
    return `no permission to listen on port ${String(failure.port)}. Use a port above 1023 or set HOST and PORT to ones this user may bind`;
  }
  if (code && UNREACHABLE.has(code) && env.DATABASE_URL) {
    return `the database at ${databaseTarget(env)} is not reachable (${code}). ${DATABASE_HINT}`;
  }
  // PostgreSQL's own refusals: 28xxx authentication, 3D000 no such database.
  if (code && /^(28|3D)[0-9A-Z]{3}$/.test(code)) {
    return `the database refused the connection (${message}). ${DATABASE_HINT}`;
  }
  return `${message}. Run with LOG_LEVEL=debug for the details`;
}

/** Prints the start-up failure (stack only when debugging) and ends the process with code 1. */
export function exitOnStartupFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): never {
  console.error(`Tessera could not start: ${describeStartupFailure(error, env)}.`);
  if (env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace') console.error(error);
  process.exit(1);
}
