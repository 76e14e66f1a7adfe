import { describe, expect, it } from 'vitest';
import { costOf } from '../credits/costs.ts';
import { GENERATION_KINDS, isProFeature } from './generation.ts';
import { checkLipSyncVideo, estimateSpeechSeconds, isExtendable, LIP_SYNC_MAX_BYTES, videoToolCost } from './video.ts';

const DAY = 86_400_000;
const source = (durationS: number, width = 1280, height = 736, sizeBytes = 1_000_000) => ({ durationS, width, height, sizeBytes });

describe('the remaining video kinds (§7)', () => {
  it('answer under their public RPC names', () => {
    const names = Object.fromEntries(Object.entries(GENERATION_KINDS).map(([kind, d]) => [kind, d.rpcName]));
    expect(names).toMatchObject({
      video_subjects: 'video.createVideoBySubjects',
      action_imitation: 'video.createActionImitation',
      ai_shorts: 'aiShorts.create',
      video_background_remover: 'videoTools.videoBackgroundRemover',
      video_subtitles_remove: 'videoTools.videoSubtitlesRemove',
      sound_effects: 'audioVideo.createAudioVideo',
      lip_sync: 'lipSync.createLipSyncTask',
      video_face_swap: 'task.createFaceSwapTask',
      video_extend: 'video.extendVideo',
    });
  });

  it('lip sync takes a video or a portrait, never both or neither', () => {
    const input = GENERATION_KINDS.lip_sync.input;
    expect(input.safeParse({ video: 'u/abc/clip.mp4', text: 'Hello there' }).success).toBe(true);
    expect(input.safeParse({ image: 'u/abc/face.png', text: 'Hello there' }).success).toBe(true);
    expect(input.safeParse({ text: 'Hello there' }).success).toBe(false);
    expect(input.safeParse({ video: 'u/abc/clip.mp4', image: 'u/abc/face.png', text: 'Hi' }).success).toBe(false);
    expect(input.safeParse({ image: 'u/abc/face.png', text: 'x'.repeat(601) }).success).toBe(false);
  });

  it('consistent character takes one to four subject photos', () => {
    const input = GENERATION_KINDS.video_subjects.input;
    expect(input.safeParse({ subjects: [], prompt: 'a walk' }).success).toBe(false);
    expect(input.safeParse({ subjects: ['u/abc/a.png'], prompt: 'a walk' }).success).toBe(true);
    expect(input.safeParse({ subjects: Array(5).fill('u/abc/a.png'), prompt: 'a walk' }).success).toBe(false);
  });

  it('marks pro mode as a PRO feature on the new motion kinds too', () => {
    expect(isProFeature('video_subjects', { mode: 'pro' })).toBe(true);
    expect(isProFeature('action_imitation', { mode: 'std' })).toBe(false);
    expect(isProFeature('sound_effects', {})).toBe(false);
  });
});

describe('§5 lip-sync limits', () => {
  it('accept a 1280×736 clip of 2–10 s under 100 MB', () => {
    expect(checkLipSyncVideo(source(5))).toBeNull();
  });
  it('need a short side over 720 px and a long side under 1920 px', () => {
    expect(checkLipSyncVideo(source(5, 1280, 720))).toBe('LIP_SYNC_VIDEO_SIZE');
    expect(checkLipSyncVideo(source(5, 1920, 1080))).toBe('LIP_SYNC_VIDEO_SIZE');
    expect(checkLipSyncVideo(source(5, 736, 1280))).toBeNull();
  });
  it('need more than 2 s and less than 10 s', () => {
    expect(checkLipSyncVideo(source(2))).toBe('LIP_SYNC_VIDEO_DURATION');
    expect(checkLipSyncVideo(source(2.05))).toBeNull();
    expect(checkLipSyncVideo(source(9.95))).toBeNull();
    expect(checkLipSyncVideo(source(10))).toBe('LIP_SYNC_VIDEO_DURATION');
  });
  it('need under 100 MB', () => {
    expect(checkLipSyncVideo(source(5, 1280, 736, LIP_SYNC_MAX_BYTES))).toBe('LIP_SYNC_VIDEO_TOO_LARGE');
  });
});

describe('§5 extension limits', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('allow videos up to 3 minutes made in the last 30 days', () => {
    expect(isExtendable(180, new Date(now.getTime() - 30 * DAY), now)).toBe(true);
    expect(isExtendable(180.5, now, now)).toBe(false);
    expect(isExtendable(10, new Date(now.getTime() - 30 * DAY - 1000), now)).toBe(false);
  });
});

describe('video tool prices', () => {
  it('charge per started second of source, never less than 2', () => {
    expect(videoToolCost(3.2, 'background')).toBe(12);
    expect(videoToolCost(1, 'soundEffects')).toBe(2);
    expect(costOf('video_subtitles_remove', GENERATION_KINDS.video_subtitles_remove.input.parse({ video: 'u/abc/a.mp4', source: { durationS: 10, width: 640, height: 360 } }))).toBe(20);
  });
  it('price lip sync on the speech it will say', () => {
    expect(estimateSpeechSeconds('x'.repeat(70))).toBe(5);
    expect(costOf('lip_sync', GENERATION_KINDS.lip_sync.input.parse({ image: 'u/abc/f.png', text: 'x'.repeat(70) }))).toBe(10);
  });
  it('price an extension on the seconds it adds and a short on its length', () => {
    expect(costOf('video_extend', GENERATION_KINDS.video_extend.input.parse({ video: 'u/abc/a.mp4', duration: 10 }))).toBe(20);
    expect(costOf('ai_shorts', GENERATION_KINDS.ai_shorts.input.parse({ topic: 'coffee', duration: 60, resolution: '1080p' }))).toBe(120);
  });
});
