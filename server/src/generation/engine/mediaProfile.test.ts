import { describe, expect, it } from 'vitest';
import { MEDIA_PROFILE, mediaProfileFor, VIDEO_FPS, x264Args } from './mediaProfile.ts';

describe('the media profile', () => {
  it('renders at product settings unless told otherwise', () => {
    for (const value of [undefined, '', ' product ']) {
      expect(mediaProfileFor(value)).toMatchObject({
        name: 'product',
        videoFps: 24,
        timelineFps: 30,
        effectsFps: 24,
        x264: { std: { preset: 'veryfast', crf: 23 }, pro: { preset: 'medium', crf: 18 } },
      });
    }
  });

  it('renders fewer frames with the fastest preset for the test suite, rates that keep half and quarter seconds whole', () => {
    const test = mediaProfileFor('test');
    expect(test.x264.std.preset).toBe('ultrafast');
    expect(test.x264.pro.preset).toBe('ultrafast');
    for (const profile of [test, mediaProfileFor('product')]) {
      expect(profile.videoFps % 4).toBe(0);
      expect(profile.effectsFps).toBeLessThanOrEqual(profile.videoFps);
      // timeline exports: tenths of a second are whole frames
      expect(profile.timelineFps % 10).toBe(0);
    }
    expect(test.videoFps).toBeLessThan(24);
  });

  it('refuses an unknown profile by name', () => {
    expect(() => mediaProfileFor('fast')).toThrow('ENGINE_MEDIA_PROFILE must be one of product, test (got "fast")');
  });

  it('is read from ENGINE_MEDIA_PROFILE (vitest.config.ts sets `test`)', () => {
    expect(MEDIA_PROFILE).toBe(mediaProfileFor(process.env.ENGINE_MEDIA_PROFILE));
    expect(VIDEO_FPS).toBe(MEDIA_PROFILE.videoFps);
    expect(x264Args('pro')).toEqual(['-preset', MEDIA_PROFILE.x264.pro.preset, '-crf', String(MEDIA_PROFILE.x264.pro.crf)]);
    expect(x264Args()).toEqual(x264Args('std'));
  });
});
