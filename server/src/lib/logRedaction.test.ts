/** What a log line may hold: never credentials, never the values a failed query ran with. */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactQueryText } from './logRedaction.ts';

const TOKEN = 'Zq8sessiontoken0123456789abcdefXY';
const USER_TEXT = 'a prompt about my\nprivate life';

/** A pino logger made with our options, writing into an array. */
function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { log: pino(loggerOptions({ level: 'info' }), stream), text: () => lines.join('') };
}

/** The error PostgreSQL answers a duplicate key with, as node-postgres builds it. */
function uniqueViolation(): pg.DatabaseError {
  const error = new pg.DatabaseError('duplicate key value violates unique constraint "sessions_token_unique"', 0, 'error');
  error.code = '23505';
  error.detail = `Key (token)=(${TOKEN}) already exists.`;
  error.constraint = 'sessions_token_unique';
  return error;
}

const failedQuery = () => new DrizzleQueryError('insert into "sessions" ("token", "note") values ($1, $2)', [TOKEN, USER_TEXT], uniqueViolation());

describe('the error serializer', () => {
  it('keeps the query and the constraint but drops its parameters, from message, stack, fields and cause', () => {
    const { log, text } = captured();
    log.error({ err: failedQuery() }, 'rpc failed');
    const line = text();
    expect(line).not.toContain(TOKEN);
    expect(line).not.toContain('private life');
    const logged = JSON.parse(line) as { err: { message: string; stack: string; params: unknown; query: string } };
    expect(logged.err.query).toBe('insert into "sessions" ("token", "note") values ($1, $2)');
    expect(logged.err.message).toContain('Failed query: insert into "sessions"');
    expect(logged.err.message).toContain('duplicate key value violates unique constraint "sessions_token_unique"');
    expect(logged.err.params).toBe('[redacted]');
    expect(logged.err.stack).toContain('params: [redacted]');
  });

  it('drops the detail of a PostgreSQL error logged on its own, and of errors nested in fields', () => {
    const { log, text } = captured();
    log.error({ err: uniqueViolation() }, 'query failed');
    log.error({ err: Object.assign(new Error('settle hook failed'), { reason: failedQuery() }) }, 'wrapped');
    log.error({ err: new AggregateError([failedQuery()], 'several failed') }, 'aggregate');
    expect(text()).not.toContain(TOKEN);
    expect(text()).toContain('sessions_token_unique');
  });

  it('does not modify the error it logs', () => {
    const { log } = captured();
    const error = failedQuery();
    log.error({ err: error }, 'rpc failed');
    expect(error.params).toEqual([TOKEN, USER_TEXT]);
    expect((error.cause as pg.DatabaseError).detail).toContain(TOKEN);
  });

  it('cuts the parameters out of a message that copied them', () => {
    expect(redactQueryText(`Failed query: select 1 where token = $1\nparams: ${TOKEN}`)).toBe('Failed query: select 1 where token = $1\nparams: [redacted]');
    expect(redactQueryText(`x\nparams: ${TOKEN}\n    at frame (file.ts:1:1)`)).toBe('x\nparams: [redacted]\n    at frame (file.ts:1:1)');
    expect(redactQueryText('nothing to cut')).toBe('nothing to cut');
  });
});

describe('header redaction', () => {
  it('censors cookies and authorization on logged requests and set-cookie on responses', () => {
    const { log, text } = captured();
    log.info({ req: { headers: { cookie: `tessera.session_token=${TOKEN}`, authorization: `Bearer ${TOKEN}` } }, res: { headers: { 'set-cookie': TOKEN } } }, 'request');
    expect(text()).not.toContain(TOKEN);
    expect(text()).toContain('[redacted]');
  });
});
