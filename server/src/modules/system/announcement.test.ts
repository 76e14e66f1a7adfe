import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const env = (announcement?: string) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-announcement-')), ...(announcement === undefined ? {} : { ANNOUNCEMENT_JSON: announcement }) });

describe('ANNOUNCEMENT_JSON', () => {
  it('means no announcement when unset or blank', () => {
    expect(loadConfig(env()).announcement).toBeNull();
    expect(loadConfig(env('  ')).announcement).toBeNull();
  });

  it('is the announcement every visitor gets, with an optional call to action and image', () => {
    const value = { id: 'spring-2025', title: 'Video effects are here', body: 'Try 12 new effects.', ctaLabel: 'Try them', ctaUrl: '/video-effects', imageUrl: 'https://cdn.example/spring.png' };
    expect(loadConfig(env(JSON.stringify(value))).announcement).toEqual(value);
    expect(loadConfig(env('{"id":"a","title":"T","body":"B"}')).announcement).toEqual({ id: 'a', title: 'T', body: 'B' });
  });

  it('stops the server on a value it cannot show safely', () => {
    expect(() => loadConfig(env('{not json'))).toThrow(ConfigError);
    expect(() => loadConfig(env('{"id":"a","title":"T"}'))).toThrow(/ANNOUNCEMENT_JSON/);
    expect(() => loadConfig(env('{"id":"a","title":"T","body":"B","ctaLabel":"Go","ctaUrl":"javascript:alert(1)"}'))).toThrow(ConfigError);
    expect(() => loadConfig(env('{"id":"a","title":"T","body":"B","imageUrl":"//evil.example/x.png"}'))).toThrow(ConfigError);
    expect(() => loadConfig(env('{"id":"a","title":"T","body":"B","ctaLabel":"Go"}'))).toThrow(/go together/);
  });
});
