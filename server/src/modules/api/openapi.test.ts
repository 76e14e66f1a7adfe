/** The OpenAPI document's parts that need no server: examples valid for their kinds, samples that parse, every create documented alike. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { kindSlug } from '@tessera/shared/api';
import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputSchemaOf } from './api.service.ts';
import { createOperationId, openApiDocument, requestSchemaName } from './openapi.ts';
import { filesOf, KIND_EXAMPLES } from './openapi.examples.ts';

const run$ = promisify(execFile);
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (body: string) => () => Promise<void>;
const KINDS = Object.keys(GENERATION_KINDS) as GenerationKind[];
interface Operation {
  operationId: string;
  parameters: unknown[];
  responses: Record<string, unknown>;
  'x-codeSamples': { lang: string; source: string }[];
}
interface SchemaJson {
  properties: Record<string, unknown>;
}
const doc = openApiDocument('https://tessera.example/') as { paths: Record<string, { post?: Operation }>; components: { schemas: Record<string, SchemaJson> } };
const createOf = (kind: GenerationKind) => Object.values(doc.paths).find((item) => item.post?.operationId === createOperationId(kind))?.post;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-openapi-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('kind examples', () => {
  it.each(KINDS)('%s: the example parses with the studio schema and the documented one', (kind) => {
    const example = KIND_EXAMPLES[kind];
    const parsed = inputSchemaOf(kind).safeParse(example);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema(doc, 'doc');
    const documented = ajv.getSchema(`doc#/components/schemas/${requestSchemaName(kind)}`);
    expect(documented?.(example), JSON.stringify(documented?.errors)).toBe(true);
    // And what the kind refuses, the document refuses too (every kind needs something).
    expect(documented?.({ callbackUrl: 5 })).toBe(false);
  });
});

describe('create operations', () => {
  it('one per kind, each with the Idempotency-Key, the refusals and both samples', () => {
    for (const kind of KINDS) {
      const op = createOf(kind);
      expect(op?.parameters).toEqual([{ $ref: '#/components/parameters/IdempotencyKey' }]);
      expect(Object.keys(op?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '409', '422', '429']));
      expect(op?.['x-codeSamples'].map((s) => s.lang)).toEqual(['Shell', 'JavaScript']);
      expect(doc.components.schemas[requestSchemaName(kind)]?.properties.callbackUrl).toMatchObject({ type: 'string' });
      // The server fills `source` in itself.
      expect(doc.components.schemas[requestSchemaName(kind)]?.properties.source).toBeUndefined();
    }
  });

  it('samples are valid shell and JavaScript, upload what their example needs, and name this server', async () => {
    const scripts: string[] = [];
    for (const kind of KINDS) {
      const [shell, js] = createOf(kind)?.['x-codeSamples'] ?? [];
      scripts.push(shell!.source);
      // Parsed as the body of an async function: the module's one import line aside, the same grammar.
      expect(() => new AsyncFunction(js!.source.replace(/^import .*;$/m, ''))).not.toThrow();
      for (const sample of [shell!.source, js!.source]) {
        expect(sample).toContain('https://tessera.example/api/v1');
        expect(sample).toContain(`/generations/${kindSlug(kind)}`);
        expect(sample).not.toContain('YOUR_ACCOUNT');
        for (const file of filesOf(KIND_EXAMPLES[kind])) expect(sample).toContain(file.file);
      }
    }
    // One shell run checks the syntax of every script.
    await writeFile(join(dir, 'samples.sh'), scripts.join('\n'));
    await run$('sh', ['-n', join(dir, 'samples.sh')]);
  });

  it('the JavaScript sample keeps polling the status URL of its create while the task runs', async () => {
    // A task's answer carries no statusUrl: only the create's does. A stand-in API: the create
    // answers queued, the status URL answers running twice, then succeeded; timers run at once.
    const prelude = `
      const calls = [];
      let polls = 0;
      globalThis.setTimeout = (resolve) => resolve();
      globalThis.fetch = async (url, init = {}) => {
        calls.push((init.method ?? 'GET') + ' ' + url);
        if (init.method === 'POST') return new Response(JSON.stringify({ id: 't1', object: 'task', status: 'queued', statusUrl: 'https://tessera.example/api/v1/tasks/t1' }), { status: 201 });
        polls += 1;
        return new Response(JSON.stringify({ id: 't1', object: 'task', status: polls < 3 ? 'running' : 'succeeded' }));
      };
      process.on('exit', () => process.stderr.write(JSON.stringify(calls)));
    `;
    const js = createOf('text_to_image')?.['x-codeSamples'].find((sample) => sample.lang === 'JavaScript')?.source ?? '';
    await writeFile(join(dir, 'poll.mjs'), `${prelude}\n${js}`);
    const { stdout, stderr } = await run$(process.execPath, [join(dir, 'poll.mjs')], { env: { PATH: process.env.PATH ?? '', TESSERA_API_KEY: 'tsk_test' } });
    expect(JSON.parse(stderr)).toEqual([
      'POST https://tessera.example/api/v1/generations/text-to-image',
      'GET https://tessera.example/api/v1/tasks/t1',
      'GET https://tessera.example/api/v1/tasks/t1',
      'GET https://tessera.example/api/v1/tasks/t1',
    ]);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'succeeded' });
  });
});
