import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CreationDetail, creationDetails } from './creationDetails.ts';

const CLIP_ID = '6f1c2d3e-4a5b-4c6d-8e7f-901234567890';
const KEY = 'u/0b1c2d3e/clip-a.mp4';

/** A timeline export's parameters as the server stores them (issue 22: they showed as raw JSON). */
const VIDEO_EDIT_PARAMS = {
  timeline: {
    tracks: [{ id: 'track-video', type: 'track', kind: 'video' }],
    clips: [
      { id: CLIP_ID, type: 'clip', trackId: 'track-video', src: `/api/media/${KEY}`, mediaType: 'video', start: 0, in: 0, out: 4, sourceDurationS: 6 },
      { id: 'clip-2', type: 'clip', trackId: 'track-video', src: 'u/0b1c2d3e/clip-b.mp4', mediaType: 'video', start: 4, in: 1, out: 3.5, sourceDurationS: 5 },
    ],
    overlays: [],
  },
  resolution: '720p',
  aspectRatio: '16:9',
  projectId: 'a4b5c6d7-1111-4222-8333-944455556666',
};

type Tree = { [key: string]: string | Tree };
/** Every English key of a namespace, plural keys by their base (`clipCount_other` → `clipCount`). */
function keysOf(ns: string): Set<string> {
  const out = new Set<string>();
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'string') out.add(`${ns}:${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`);
      else walk(value, `${prefix}${key}.`);
    }
  };
  walk(JSON.parse(readFileSync(join(import.meta.dirname, `../../locales/en/${ns}.json`), 'utf8')) as Tree, '');
  return out;
}
const ENGLISH = new Set(['creations', 'videoForms', 'aiTools'].flatMap((ns) => [...keysOf(ns)]));
const shown = (details: CreationDetail[]) => JSON.stringify(details.map((d) => d.value));

describe('creationDetails', () => {
  it('shows a timeline export as its clip count, length and settings: no clip id, storage key, project or JSON', () => {
    const details = creationDetails('video_edit', VIDEO_EDIT_PARAMS);
    expect(details.map((d) => d.field)).toEqual(['aspectRatio', 'resolution', 'clips', 'duration']);
    expect(details.find((d) => d.field === 'clips')?.value).toEqual({ key: 'creations:details.clipCount', values: { count: 2 } });
    expect(details.find((d) => d.field === 'duration')?.value).toEqual({ key: 'videoForms:options.seconds', values: { count: 6.5 } });
    const text = shown(details);
    for (const raw of [CLIP_ID, KEY, 'clip-b', 'track-video', VIDEO_EDIT_PARAMS.projectId, '"timeline"']) expect(text).not.toContain(raw);
  });

  it('names a video kind’s settings with the video forms’ labels and options, and leaves out the input video reference', () => {
    const details = creationDetails('video_to_video', {
      video: 'c0ffee00-1234-4abc-8def-000000000001',
      prompt: 'a neon city',
      style: 'noir',
      resolution: '1080p',
      mode: 'pro',
      source: { durationS: 5, width: 640, height: 360 },
    });
    expect(details).toEqual([
      { field: 'resolution', label: 'videoForms:fields.resolution', value: { text: '1080p' } },
      { field: 'mode', label: 'videoForms:fields.mode', value: { key: 'videoForms:options.mode.pro', fallback: 'pro' } },
      { field: 'style', label: 'videoForms:fields.style', value: { key: 'videoForms:options.style.noir', fallback: 'noir' } },
    ]);
  });

  it('shows an effect by its template’s name and the input photo as an image, never the template id', () => {
    const details = creationDetails('video_effect', { templateId: 'hug-2', template: { id: 'hug-2', name: 'Warm hug' }, image: '/api/media/u/1/in.png' });
    expect(details).toEqual([
      { field: 'template', label: 'creations:details.template', value: { text: 'Warm hug' } },
      { field: 'image', label: 'aiTools:fields.image', value: { image: '/api/media/u/1/in.png' } },
    ]);
  });

  it('uses the image tools’ labels for image kinds, and every label it can produce exists in English', () => {
    const details = creationDetails('upscale', { image: '/api/media/u/1/a.png', scale: 4, mode: 'fast' });
    expect(details.map((d) => [d.label, d.value])).toEqual([
      ['aiTools:fields.mode', { key: 'aiTools:options.mode.fast', fallback: 'fast' }],
      ['aiTools:fields.scale', { key: 'aiTools:options.scale.4', fallback: '4' }],
      ['aiTools:fields.image', { image: '/api/media/u/1/a.png' }],
    ]);
    const every = [
      ...creationDetails('video_edit', VIDEO_EDIT_PARAMS),
      ...creationDetails('ai_shorts', { topic: 'cats', duration: 30, captions: true, music: false, resolution: '720p', seed: 7 }),
      ...creationDetails('lip_sync', { text: 'hello', voice: 'male', video: 'c0ffee00-1234-4abc-8def-000000000001' }),
      ...creationDetails('sound_effects', { prompt: 'rain', volume: 0.8, keepOriginalAudio: true }),
      ...creationDetails('model_fitting', { templateId: 't', image: '/api/media/u/1/a.png', garment: '/api/media/u/1/g.png' }),
      ...creationDetails('video_subjects', { prompt: 'x', subjects: ['/api/media/u/1/a.png', '/api/media/u/1/b.png'], duration: 5, aspectRatio: '9:16' }),
      ...creationDetails('background_changer', { image: '/api/media/u/1/a.png', background: { type: 'color', color: '#00b140' } }),
      ...creationDetails('image_to_image', { image: '/api/media/u/1/a.png', prompt: 'x', style: 'oil', strength: 0.6, negativePrompt: 'blur' }),
    ];
    const keys = new Set(every.flatMap((d) => [d.label, ...('key' in d.value ? [d.value.key] : [])]));
    for (const key of keys) expect(ENGLISH.has(key), key).toBe(true);
  });
});
