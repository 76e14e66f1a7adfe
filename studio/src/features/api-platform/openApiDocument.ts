/**
 * The server's OpenAPI document (issue 19: generated from the same zod schemas as the studio,
 * served at a stable public URL), fetched for the reference page without the session cookie —
 * what the reference shows is what any API client gets.
 */

/** Where the server serves the document (the REST layout of docs/api.md). */
export const OPENAPI_URL = '/api/v1/openapi.json';

/** The parts of an OpenAPI 3.1 document the page relies on; the renderer reads the rest. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
}

/** True for an OpenAPI 3.x document with paths (https://spec.openapis.org/oas/v3.1.0#openapi-object). */
export function isOpenApiDocument(value: unknown): value is OpenApiDocument {
  if (!value || typeof value !== 'object') return false;
  const doc = value as Partial<OpenApiDocument>;
  return typeof doc.openapi === 'string' && /^3\.\d+\.\d+$/.test(doc.openapi) && typeof doc.info?.title === 'string' && !!doc.paths && typeof doc.paths === 'object';
}

export async function fetchOpenApiDocument(fetcher: typeof fetch = fetch): Promise<OpenApiDocument> {
  const res = await fetcher(OPENAPI_URL, { credentials: 'omit', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${OPENAPI_URL} answered ${res.status}`);
  const body: unknown = await res.json();
  if (!isOpenApiDocument(body)) throw new Error(`${OPENAPI_URL} is not an OpenAPI 3 document`);
  return body;
}
