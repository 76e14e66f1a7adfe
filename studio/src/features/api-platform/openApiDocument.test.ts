import { describe, expect, it, vi } from 'vitest';
import fixture from './fixtures/openapi.fixture.json';
import { fetchOpenApiDocument, isOpenApiDocument, OPENAPI_URL } from './openApiDocument.ts';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('fetchOpenApiDocument', () => {
  it('loads the public document from its stable URL, without the session cookie', async () => {
    const fetcher = answer(200, fixture);
    const doc = await fetchOpenApiDocument(fetcher);
    expect(doc.info.title).toBe('Tessera API (test fixture)');
    expect(fetcher).toHaveBeenCalledWith(OPENAPI_URL, expect.objectContaining({ credentials: 'omit' }));
    expect(OPENAPI_URL).toBe('/api/v1/openapi.json');
  });

  it('fails on an error answer or on a body that is no OpenAPI 3 document', async () => {
    await expect(fetchOpenApiDocument(answer(404, { code: 'NOT_FOUND' }))).rejects.toThrow('404');
    await expect(fetchOpenApiDocument(answer(200, { swagger: '2.0', info: { title: 'x' }, paths: {} }))).rejects.toThrow('not an OpenAPI 3');
  });

  it('recognises 3.x documents only', () => {
    expect(isOpenApiDocument(fixture)).toBe(true);
    expect(isOpenApiDocument({ ...fixture, openapi: '3.1' })).toBe(false);
    expect(isOpenApiDocument({ ...fixture, paths: undefined })).toBe(false);
    expect(isOpenApiDocument(null)).toBe(false);
  });
});
