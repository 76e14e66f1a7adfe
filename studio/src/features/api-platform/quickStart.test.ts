import { describe, expect, it } from 'vitest';
import { curlExample, KEY_PLACEHOLDER, TEXT_TO_IMAGE_PATH } from './quickStart.ts';

describe('curlExample', () => {
  it('posts to the text-to-image route of the given origin with the key in X-API-Key', () => {
    const command = curlExample('https://tessera.example', 'tsk_abc123');
    expect(TEXT_TO_IMAGE_PATH).toBe('/api/v1/generations/text-to-image');
    expect(command).toContain('curl -X POST "https://tessera.example/api/v1/generations/text-to-image"');
    expect(command).toContain('-H "X-API-Key: tsk_abc123"');
    // The body is JSON a shell passes through unchanged (single quotes).
    const body = /-d '(.+)'$/.exec(command)?.[1];
    expect(JSON.parse(body ?? '')).toMatchObject({ prompt: expect.any(String), aspectRatio: '16:9' });
  });

  it('uses the shell variable until a key exists', () => {
    expect(curlExample('http://127.0.0.1:3000', null)).toContain(`-H "X-API-Key: ${KEY_PLACEHOLDER}"`);
  });
});
