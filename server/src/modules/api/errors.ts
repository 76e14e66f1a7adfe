/**
 * Failures of /api/v1 as answers: the §8 shape the HTTP error handler uses (plugins/errors.ts,
 * `httpErrorBody`), plus `data.issues` (path and message per field) for invalid input, and
 * `Retry-After` on refusals that waiting cures. Computed here rather than thrown to the error
 * handler, because an Idempotency-Key stores the answer a request got.
 */
import { AppError, httpErrorBody, type HttpErrorBody } from '@tessera/shared/errors';
import { z } from 'zod';
import { type FieldIssue, validationIssues } from '../../trpc/errorFormatter.ts';
import { rateHeaders, retryAfterOf } from './rateLimit.ts';

/** What a route answers: status, JSON body, extra headers. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type ApiErrorBody = HttpErrorBody & { error: { data: { issues?: FieldIssue[] } } };

/** 400 INCORRECT_PARAMETER listing what is wrong with each field. */
export function invalidInputAnswer(issues: FieldIssue[], path: string): ApiAnswer {
  const body = httpErrorBody('INCORRECT_PARAMETER', path);
  return { status: 400, body: { error: { ...body.error, data: { ...body.error.data, issues } } } satisfies ApiErrorBody };
}

/** The answer for a failure the client can act on, or null for an unexpected one (a 500). */
export function apiErrorAnswer(error: unknown, path: string): ApiAnswer | null {
  if (error instanceof z.ZodError) return invalidInputAnswer(validationIssues(error) ?? [], path);
  if (!(error instanceof AppError)) return null;
  const retryAfter = retryAfterOf(error);
  // The studio's "video generating" (409) is the plan's concurrency limit: on the API every
  // concurrency refusal is a 429 with Retry-After (issue 19, "Limits").
  const refusal = error.catalogueCode === 'VIDEO_GENERATING' ? new AppError('PARALLEL_TASK_LIMIT') : error;
  return {
    status: refusal.httpStatus,
    body: httpErrorBody(refusal.catalogueCode, path, refusal.message),
    ...(retryAfter !== null ? { headers: rateHeaders(null, retryAfter) } : {}),
  };
}

export function internalErrorAnswer(path: string): ApiAnswer {
  return { status: 500, body: httpErrorBody('INTERNAL', path) };
}
