import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'tessera-config-'));

describe('loadConfig', () => {
  it('runs embedded with no variables at all', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('listens on loopback only outside production unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: tmp() }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tmp(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) }).host).toBe('0.0.0.0');
  });

  it('persists the generated auth secret under DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(readFileSync(join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'short' })).toThrow(/at least 32/);
    const ok = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://tessera.example' });
    expect(ok.trustedOrigins).toEqual(['https://tessera.example']);
  });

  it('takes the test media profile outside production only', () => {
    for (const value of [undefined, '', 'product', 'test']) expect(() => loadConfig({ DATA_DIR: tmp(), ENGINE_MEDIA_PROFILE: value })).not.toThrow();
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://tessera.example' };
    expect(() => loadConfig({ ...production, ENGINE_MEDIA_PROFILE: 'product' })).not.toThrow();
    expect(() => loadConfig({ ...production, ENGINE_MEDIA_PROFILE: 'test' })).toThrow(/never set in production/);
  });

  it('rejects malformed values with the variable name', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DATA_DIR: tmp(), ENGINE_MEDIA_PROFILE: 'fast' })).toThrow(/ENGINE_MEDIA_PROFILE/);
  });

  it('plans chat prompts with an OpenAI-compatible API only when OPENAI_API_KEY is set', () => {
    expect(loadConfig({ DATA_DIR: tmp(), OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }).openai).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), OPENAI_API_KEY: 'sk-test' }).openai).toEqual({
      apiKey: 'sk-test',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
    });
    const local = loadConfig({ DATA_DIR: tmp(), OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/', OPENAI_MODEL: 'llama3.1' });
    expect(local.openai).toEqual({ apiKey: 'k', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' });
    expect(() => loadConfig({ DATA_DIR: tmp(), OPENAI_BASE_URL: 'not a url' })).toThrow(/OPENAI_BASE_URL/);
  });

  it('sends images to OpenAI only when OPENAI_IMAGES asks for it, not because a chat key is set', () => {
    expect(loadConfig({ DATA_DIR: tmp(), OPENAI_API_KEY: 'sk-test' }).hosted.openaiImages).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), OPENAI_API_KEY: 'sk-test', OPENAI_IMAGES: 'true' }).hosted.openaiImages).toBe(true);
  });

  it('enables Google only when both keys are set', () => {
    expect(loadConfig({ DATA_DIR: tmp(), GOOGLE_CLIENT_ID: 'id' }).google).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tmp(), GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google).toEqual({
      clientId: 'id',
      clientSecret: 's',
    });
  });
});
