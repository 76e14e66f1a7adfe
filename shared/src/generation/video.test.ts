import { describe, expect, it } from 'vitest';
import { costOf } from '../credits/costs.ts';
import {
  GENERATION_KINDS,
  isProFeature,
  parseVideoRef,
  zImageToVideoV2Input,
  zTextToVideoInput,
  zVideoToVideoInput,
  zVideoUpscaleInput,
} from './generation.ts';
import { checkGeneralVideo, fitVideoSize, videoCost, videoSizeFor, videoUpscalePlan } from './video.ts';

describe('video kinds', () => {
  it('exposes every video kind under its public RPC name (§7)', () => {
    expect(GENERATION_KINDS.text_to_video.rpcName).toBe('video.createVideoByText');
    expect(GENERATION_KINDS.text_to_video_v2.rpcName).toBe('video.createVideoByTextV2');
    expect(GENERATION_KINDS.image_to_video.rpcName).toBe('video.createVideoByImage');
    expect(GENERATION_KINDS.image_to_video_v2.rpcName).toBe('video.createVideoByImageV2');
    expect(GENERATION_KINDS.video_to_video.rpcName).toBe('video.createVideoByVideo');
    expect(GENERATION_KINDS.anime_video.rpcName).toBe('anime.createAnimatedVideo');
    expect(GENERATION_KINDS.video_upscale.rpcName).toBe('video.upscaleVideo');
  });

  it('offers 5 or 10 s clips, and 8 s on the V2 models', () => {
    expect(zTextToVideoInput.parse({ prompt: 'a fox' })).toMatchObject({ duration: 5, aspectRatio: '16:9', resolution: '720p', mode: 'std' });
    expect(zTextToVideoInput.safeParse({ prompt: 'a fox', duration: 8 }).success).toBe(false);
    expect(zImageToVideoV2Input.safeParse({ image: 'u/abc/photo.png', duration: 8 }).success).toBe(true);
    expect(zTextToVideoInput.safeParse({ prompt: 'a fox', resolution: '4k' }).success).toBe(false);
  });

  it('takes a stored video or a video task as the source, never an image or a URL', () => {
    expect(parseVideoRef('u/abc/clip.mp4')).toEqual({ kind: 'key', key: 'u/abc/clip.mp4' });
    expect(parseVideoRef('/api/media/u/abc/clip.webm')).toEqual({ kind: 'key', key: 'u/abc/clip.webm' });
    expect(parseVideoRef('0f8fad5b-d9cb-469f-a165-70867728950e')).toEqual({ kind: 'task', taskId: '0f8fad5b-d9cb-469f-a165-70867728950e' });
    expect(parseVideoRef('u/abc/photo.png')).toBeNull();
    expect(parseVideoRef('https://example.com/clip.mp4')).toBeNull();
    expect(zVideoToVideoInput.safeParse({ video: 'u/abc/photo.png' }).error?.issues[0]?.message).toBe('Video not found.');
  });

  it('sizes clips by their short side and keeps sources in shape', () => {
    expect(videoSizeFor('16:9', '480p')).toEqual({ width: 854, height: 480 });
    expect(videoSizeFor('9:16', '1080p')).toEqual({ width: 1080, height: 1920 });
    expect(videoSizeFor('1:1', '720p')).toEqual({ width: 720, height: 720 });
    expect(fitVideoSize(320, 240, '480p')).toEqual({ width: 640, height: 480 });
    expect(fitVideoSize(5000, 500, '480p')).toEqual({ width: 1120, height: 480 });
  });

  it('accepts general videos of 3 to 30 seconds (§5)', () => {
    expect(checkGeneralVideo(3)).toBeNull();
    expect(checkGeneralVideo(30)).toBeNull();
    expect(checkGeneralVideo(2.9)).toBe('VIDEO_DURATION_OUT_OF_RANGE');
    expect(checkGeneralVideo(30.5)).toBe('VIDEO_DURATION_OUT_OF_RANGE');
  });

  it('caps upscales at 4096×4096 and refuses 4K for videos over a minute (§5)', () => {
    // 854×480 is 16:9 rounded to even pixels: it becomes a true 1920×1080
    expect(videoUpscalePlan({ durationS: 10, width: 854, height: 480 }, '1080p')).toEqual({ ok: true, width: 1920, height: 1080 });
    expect(videoUpscalePlan({ durationS: 61, width: 854, height: 480 }, '4k')).toEqual({ ok: false, error: 'UNSUPPORTED_UPSCALE_MODE' });
    expect(videoUpscalePlan({ durationS: 60, width: 854, height: 480 }, '4k')).toMatchObject({ ok: true });
    // A very wide source reaches the cap before its short side reaches 2160.
    const wide = videoUpscalePlan({ durationS: 5, width: 1200, height: 400 }, '4k');
    expect(wide).toMatchObject({ ok: true });
    if (wide.ok) expect(Math.max(wide.width, wide.height)).toBeLessThanOrEqual(4096);
    // Not an upscale: the source is already that large.
    expect(videoUpscalePlan({ durationS: 5, width: 1920, height: 1080 }, '1080p')).toEqual({ ok: false, error: 'UNSUPPORTED_UPSCALE_MODE' });
  });

  it('prices video by seconds × resolution × mode from the shared table', () => {
    expect(videoCost({ seconds: 5, resolution: '720p' })).toBe(10);
    expect(videoCost({ seconds: 10, resolution: '1080p', mode: 'pro' })).toBe(80);
    expect(videoCost({ seconds: 5, resolution: '480p', v2: true })).toBe(8);
    expect(costOf('text_to_video', zTextToVideoInput.parse({ prompt: 'x', resolution: '480p' }))).toBe(5);
    // Restyling is priced by the probed length of the source, rounded up to whole seconds.
    expect(costOf('video_to_video', zVideoToVideoInput.parse({ video: 'u/a/b.mp4', resolution: '480p', source: { durationS: 6.2, width: 320, height: 180 } }))).toBe(7);
    expect(costOf('video_upscale', zVideoUpscaleInput.parse({ video: 'u/a/b.mp4', target: '2k', source: { durationS: 4, width: 320, height: 180 } }))).toBe(8);
  });

  it('makes pro mode a pro feature', () => {
    expect(isProFeature('text_to_video', { mode: 'pro' })).toBe(true);
    expect(isProFeature('text_to_video', { mode: 'std' })).toBe(false);
  });
});
