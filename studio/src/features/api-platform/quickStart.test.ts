import { API_TRIAL_CREDITS, kindSlug } from '@tessera/shared/api';
import { describe, expect, it } from 'vitest';
import { curlExample, KEY_PLACEHOLDER, TEXT_TO_IMAGE_PATH, TRIAL_CREDITS } from './quickStart.ts';

describe('the values the landing page shows without loading shared/api', () => {
  it('are the server contract', () => {
    expect(TEXT_TO_IMAGE_PATH).toBe(`/api/v1/generations/${kindSlug('text_to_image')}`);
    expect(TRIAL_CREDITS).toBe(API_TRIAL_CREDITS);
  });
});

describe('curlExample', () => {
  it('posts to the text-to-image route of the given origin with the key in X-API-Key', () => {
    const command = curlExample('https://tessera.example', 'tsk_abc123');
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
