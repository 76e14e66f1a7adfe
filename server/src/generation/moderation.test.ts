/** Moderation: the offline filter, and a hosted service reached over HTTP with the OpenAI moderation protocol. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@tessera/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlocklistModeration, createModeration, HostedModeration, moderateTexts } from './moderation.ts';

describe('offline filter', () => {
  it('refuses the examples of the issue and unmistakable terms in several languages, and allows ordinary dark words', async () => {
    const list = new BlocklistModeration();
    for (const text of ['a naked child', 'nude woman', 'porn', 'how to make a pipe bomb', 'a beheading video', 'child porn', 'Kinderpornografie', 'pornografía infantil', '儿童色情'])
      expect(await list.isAllowed(text)).toBe(false);
    for (const text of ['a haunted house at night', 'battle scene with swords', 'a child flying a kite']) expect(await list.isAllowed(text)).toBe(true);
  });
});

describe('hosted moderation (OpenAI protocol stand-in)', () => {
  let server: Server;
  let url: string;
  const seen: { auth: string | undefined; body: { model: string; input: string } }[] = [];
  let mode: 'normal' | 'down' | 'garbage' = 'normal';

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        if (mode === 'down') return void res.writeHead(503).end();
        if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        const body = JSON.parse(raw) as { model: string; input: string };
        seen.push({ auth: req.headers.authorization, body });
        const flagged = /flagged by the service/i.test(body.input); // words the offline filter lets through
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'modr-1', model: body.model, results: [{ flagged, categories: {}, category_scores: {} }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/moderations`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the model, input and key, and follows the flag', async () => {
    const hosted = new HostedModeration({ url, apiKey: 'sk-test', model: 'omni-moderation-latest' });
    expect(await hosted.isAllowed('a quiet lake')).toBe(true);
    expect(await hosted.isAllowed('a scene flagged by the service')).toBe(false);
    expect(seen.at(-1)).toEqual({ auth: 'Bearer sk-test', body: { model: 'omni-moderation-latest', input: 'a scene flagged by the service' } });
  });

  it('runs after the blocklist and maps refusals and failures to the catalogue', async () => {
    const chain = createModeration({ moderation: { url, apiKey: undefined, model: undefined } });
    const calls = seen.length;
    await expect(moderateTexts(chain, ['child porn'])).rejects.toMatchObject({ catalogueCode: 'SENSITIVE_TEXT' });
    expect(seen.length).toBe(calls); // the blocklist answered; the service was not asked
    await expect(moderateTexts(chain, ['another scene flagged by the service'])).rejects.toMatchObject({ catalogueCode: 'SENSITIVE_TEXT' });
    mode = 'down';
    const down = await moderateTexts(chain, ['a lake']).catch((e: unknown) => e);
    expect(down).toBeInstanceOf(AppError);
    expect((down as AppError).message).toBe('Content moderation encountered an unexpected error. Please try again later.');
    mode = 'garbage';
    await expect(moderateTexts(chain, ['a lake'])).rejects.toMatchObject({ catalogueCode: 'MODERATION_ERROR' });
    mode = 'normal';
  });
});
