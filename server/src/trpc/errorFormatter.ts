/**
 * Turns every failure into the wire error of spec §7/§8:
 * `{ error: { code: <number>, message, data: { code, httpStatus, path, appCode?, issues? } } }`.
 * Domain errors keep their catalogue message; input validation answers BAD_REQUEST with the
 * field issues in `data`; catalogue messages come in the request's language; an unparsable body or `input` answers PARSE_ERROR (as plain HTTP
 * routes do); unexpected failures never leak their message or stack.
 */
import { AppError, ERROR_CATALOGUE, httpStatusOf, isWireCode, type WireCode } from '@tessera/shared/errors';
import { localizeMessage } from '@tessera/shared/errors/messages';
import type { LanguageCode } from '@tessera/shared/i18n';
import type { TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';

export interface FieldIssue {
  path: string;
  message: string;
  code?: string;
}

export interface WireErrorData {
  code: WireCode;
  httpStatus: number;
  path: string | undefined;
  appCode?: string;
  issues?: FieldIssue[];
}

export interface WireErrorShape {
  code: number;
  message: string;
  data: WireErrorData;
}

interface IssueLike {
  message: string;
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  code?: string;
}

/** The field issues of a validation error (zod), or null when `cause` is not one. */
export function validationIssues(cause: unknown): FieldIssue[] | null {
  if (typeof cause !== 'object' || cause === null || !('issues' in cause) || !Array.isArray(cause.issues)) return null;
  return (cause.issues as IssueLike[]).map((issue) => ({
    path: (issue.path ?? []).map((p) => String(typeof p === 'object' && p !== null ? p.key : p)).join('.'),
    message: issue.message,
    ...(issue.code ? { code: issue.code } : {}),
  }));
}

/** tRPC's message when a batch exceeds `maxBatchSize` (it carries no code of its own). */
const TRPC_BATCH_TOO_LARGE = 'Batch call exceeds maximum size';

/** `lang`: the request's language (§7), in which a catalogue message is answered (the code stays). */
export function formatError(error: TRPCError, path: string | undefined, lang: LanguageCode = 'en'): WireErrorShape {
  const cause = error.cause;
  let wire: WireCode = isWireCode(error.code) ? error.code : 'INTERNAL_SERVER_ERROR';
  let message = error.message;
  const extra: Pick<WireErrorData, 'appCode' | 'issues'> = {};

  if (cause instanceof AppError) {
    wire = cause.wireCode;
    message = cause.message;
    extra.appCode = cause.catalogueCode;
  } else if (error.code === 'UNSUPPORTED_MEDIA_TYPE' || ((error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') && cause instanceof SyntaxError)) {
    // tRPC reports an unparsable body or `input` as BAD_REQUEST with JSON.parse's message, and a
    // body it cannot read at all (text/plain, no content type) as 415, a code §8 does not have:
    // both are the client's unparsable body, as on the HTTP routes.
    wire = 'PARSE_ERROR';
    message = ERROR_CATALOGUE.MALFORMED_BODY.message;
    extra.appCode = 'MALFORMED_BODY';
  } else if (error.code === 'BAD_REQUEST' && path === undefined && error.message === TRPC_BATCH_TOO_LARGE) {
    message = ERROR_CATALOGUE.BATCH_TOO_LARGE.message;
    extra.appCode = 'BATCH_TOO_LARGE';
  } else if (error.code === 'BAD_REQUEST' && validationIssues(cause)) {
    message = ERROR_CATALOGUE.INCORRECT_PARAMETER.message;
    extra.appCode = 'INCORRECT_PARAMETER';
    extra.issues = validationIssues(cause) ?? [];
  } else if (wire === 'INTERNAL_SERVER_ERROR') {
    message = ERROR_CATALOGUE.INTERNAL.message;
  }

  return {
    code: TRPC_ERROR_CODES_BY_KEY[wire],
    message: localizeMessage(extra.appCode ?? (message === ERROR_CATALOGUE.INTERNAL.message ? 'INTERNAL' : undefined), message, lang),
    data: { code: wire, httpStatus: httpStatusOf(wire), path, ...extra },
  };
}
