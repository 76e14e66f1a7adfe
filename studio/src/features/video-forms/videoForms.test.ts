import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { costOf } from '@tessera/shared/credits/costs';
import { ERROR_CATALOGUE } from '@tessera/shared/errors';
import { GENERATION_KINDS, type GenerationKind, VIDEO_GENERATION_KINDS, type VideoGenerationKind, videoFieldsOf } from '@tessera/shared/generation';
import { videoCost } from '@tessera/shared/generation/video';
import { describe, expect, it } from 'vitest';
import { startVideoTask } from './startVideoTask.ts';
import {
  AI_SHORTS_FORM,
  AI_VIDEO_FORMS,
  AVATAR_FORM,
  buildVideoInput,
  durationOptions,
  effectiveValues,
  findVideoTool,
  kindOf,
  LIP_SYNC_FORM,
  missingInputs,
  type ModelOption,
  VIDEO_TOOLS,
  type VideoFormSpec,
  videoFormCost,
  videoRuleProblem,
  videoUpscaleSize,
  videoUseTargets,
} from './videoForms.ts';

const IMAGE = '/api/media/u/user_1/up-abc.png';
const VIDEO = '/api/media/u/user_1/up-clip.mp4';
const REFS = { video: VIDEO, image: IMAGE, face: IMAGE, subjects: [IMAGE, IMAGE] };
const SPECS: readonly VideoFormSpec[] = [...AI_VIDEO_FORMS, AVATAR_FORM, LIP_SYNC_FORM, AI_SHORTS_FORM, ...VIDEO_TOOLS];
const PROMPTS = { prompt: 'a lantern over a lake', topic: 'octopus facts', text: 'Hello there, friends.' };
const LOCAL: ModelOption = { id: 'local', name: 'Tessera local engine', provider: 'local', durations: [], resolutions: [] };
const EN = JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/en/videoForms.json'), 'utf8')) as { rules: Record<string, string> };

describe('video form specs', () => {
  it('give every video kind a form', () => {
    const kinds = new Set(SPECS.flatMap((s) => [s.kind, ...(s.v2Kind ? [s.v2Kind] : [])]));
    expect([...kinds].sort()).toEqual([...VIDEO_GENERATION_KINDS].sort());
    expect(new Set(VIDEO_TOOLS.map((t) => t.id)).size).toBe(VIDEO_TOOLS.length);
    expect(findVideoTool('sound-effects')?.kind).toBe('sound_effects');
    expect(findVideoTool('upscaler')).toBeUndefined();
  });

  it.each(SPECS.flatMap((s) => [[`${s.id}`, s, false] as const, ...(s.v2Kind ? [[`${s.id} V2`, s, true] as const] : [])]))(
    '%s: its defaults, media and prompts parse with the kind schema unchanged',
    (_name, spec, v2) => {
      const result = buildVideoInput(spec, v2, PROMPTS, REFS);
      expect(result.error?.issues ?? []).toEqual([]);
      expect(result.data).toMatchObject(spec.defaults);
      // Media go where the kind's schema reads them.
      const data = result.data as Record<string, unknown>;
      if (spec.video) expect(data.video).toBe(VIDEO);
      for (const slot of spec.images) expect(data[slot]).toEqual(slot === 'subjects' ? REFS.subjects : IMAGE);
      expect(GENERATION_KINDS[kindOf(spec, v2)].input.safeParse(data).success).toBe(true);
    },
  );

  it.each(SPECS.map((s) => [s.id, s] as const))('%s: without its media and required text it is refused, and the form says what is missing', (_id, spec) => {
    const missing = missingInputs(spec, spec.defaults, {});
    const required = spec.fields.flatMap((f) => (f.type === 'prompt' && f.required ? [f.name] : []));
    expect(missing).toEqual([...(spec.video ? ['video'] : []), ...spec.images, ...required]);
    if (missing.length) expect(buildVideoInput(spec, false, {}, {}).success).toBe(false);
    expect(missingInputs(spec, PROMPTS, REFS)).toEqual([]);
  });

  it('offers only values the schemas accept', () => {
    for (const spec of SPECS) {
      for (const v2 of spec.v2Kind ? [false, true] : [false]) {
        for (const field of spec.fields) {
          const options = field.type === 'choice' ? field.options : field.type === 'duration' ? durationOptions(field, v2, LOCAL) : [];
          const name = field.type === 'choice' ? field.name : 'duration';
          for (const option of options) {
            const ok = buildVideoInput(spec, v2, { ...PROMPTS, [name]: option }, REFS).success;
            expect(ok, `${spec.id}${v2 ? ' V2' : ''} ${name}=${option}`).toBe(true);
          }
        }
      }
    }
    const text = AI_VIDEO_FORMS[0];
    expect(durationOptions(text.fields[1] as never, false, LOCAL)).toEqual([5, 10]);
    expect(durationOptions(text.fields[1] as never, true, LOCAL)).toEqual([5, 8, 10]);
  });

  it('sends a model only when one was picked, a seed only when one was set, and no image-background preview', () => {
    const text = AI_VIDEO_FORMS[0];
    const plain = buildVideoInput(text, false, { prompt: 'x', model: undefined, seed: undefined }, {}).data as Record<string, unknown>;
    expect(plain).not.toHaveProperty('model');
    expect(plain).not.toHaveProperty('seed');
    expect(buildVideoInput(text, false, { prompt: 'x', model: 'fal-wan-t2v', seed: 42 }, {}).data).toMatchObject({ model: 'fal-wan-t2v', seed: 42 });
    const remover = findVideoTool('video-background-remover')!;
    const withImage = buildVideoInput(remover, false, { background: { type: 'image', image: IMAGE, preview: { url: IMAGE } } }, REFS);
    expect((withImage.data as Record<string, unknown>).background).toEqual({ type: 'image', image: IMAGE });
    expect(missingInputs(remover, { background: { type: 'image', image: '' } }, REFS)).toEqual(['backgroundImage']);
  });

  it('moves the duration and resolution onto what the kind and model offer', () => {
    const text = AI_VIDEO_FORMS[0];
    expect(effectiveValues(text, { duration: 8 }, true, LOCAL).duration).toBe(8);
    // V2 switched off: 8 s is not a V1 length.
    expect(effectiveValues(text, { duration: 8 }, false, LOCAL).duration).toBe(5);
    const wan: ModelOption = { id: 'fal-wan-t2v', name: 'Wan', provider: 'fal', durations: [5], resolutions: ['480p', '720p'] };
    expect(effectiveValues(text, { duration: 10, resolution: '1080p' }, false, wan)).toMatchObject({ duration: 5, resolution: '480p' });
    expect(effectiveValues(text, { duration: 10, resolution: '720p' }, false, wan)).toMatchObject({ duration: 5, resolution: '720p' });
  });
});

describe('§5 rule checks before upload and submit', () => {
  const clip = (durationS: number, width = 1280, height = 720) => ({ durationS, width, height });

  it('general videos last 3 to 30 seconds', () => {
    for (const kind of ['video_to_video', 'anime_video', 'action_imitation', 'sound_effects', 'video_background_remover', 'video_subtitles_remove', 'video_face_swap'] as const) {
      expect(videoRuleProblem(kind, {}, clip(2.9)), kind).toBe('VIDEO_DURATION_OUT_OF_RANGE');
      expect(videoRuleProblem(kind, {}, clip(3)), kind).toBeNull();
      expect(videoRuleProblem(kind, {}, clip(30)), kind).toBeNull();
      expect(videoRuleProblem(kind, {}, clip(30.5)), kind).toBe('VIDEO_DURATION_OUT_OF_RANGE');
    }
  });

  it('upscale: larger than the source, no 4K past a minute, within 4096×4096', () => {
    expect(videoRuleProblem('video_upscale', { target: '1080p' }, clip(10, 640, 360))).toBeNull();
    expect(videoUpscaleSize(clip(10, 640, 360), { target: '1080p' })).toEqual({ width: 1920, height: 1080 });
    expect(videoRuleProblem('video_upscale', { target: '1080p' }, clip(10, 1920, 1080))).toBe('UNSUPPORTED_UPSCALE_MODE');
    expect(videoRuleProblem('video_upscale', { target: '4k' }, clip(61, 640, 360))).toBe('UNSUPPORTED_UPSCALE_MODE');
    expect(videoRuleProblem('video_upscale', { target: '4k' }, clip(60, 640, 360))).toBeNull();
    expect(videoUpscaleSize(clip(10, 2000, 500), { target: '4k' })).toEqual({ width: 4096, height: 1024 });
  });

  it('extension: at most 3 minutes, made in the last 30 days', () => {
    const now = new Date('2026-11-22T08:00:00Z');
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    expect(videoRuleProblem('video_extend', {}, clip(180), days(30), now)).toBeNull();
    expect(videoRuleProblem('video_extend', {}, clip(181), days(1), now)).toBe('VIDEO_NOT_EXTENDABLE');
    expect(videoRuleProblem('video_extend', {}, clip(10), days(31), now)).toBe('VIDEO_NOT_EXTENDABLE');
    // An upload is new.
    expect(videoRuleProblem('video_extend', {}, clip(10), null, now)).toBeNull();
  });

  it('lip sync: short side over 720 px, long side under 1920 px, longer than 2 s and shorter than 10 s', () => {
    expect(videoRuleProblem('lip_sync', {}, clip(5, 1280, 722))).toBeNull();
    expect(videoRuleProblem('lip_sync', {}, clip(5, 1280, 720))).toBe('LIP_SYNC_VIDEO_SIZE');
    expect(videoRuleProblem('lip_sync', {}, clip(5, 1920, 1080))).toBe('LIP_SYNC_VIDEO_SIZE');
    expect(videoRuleProblem('lip_sync', {}, clip(10, 1280, 800))).toBe('LIP_SYNC_VIDEO_DURATION');
    expect(videoRuleProblem('lip_sync', {}, clip(2, 1280, 800))).toBe('LIP_SYNC_VIDEO_DURATION');
  });

  it('shows each rule with the message the server answers (§5, §8)', () => {
    const codes = ['VIDEO_DURATION_OUT_OF_RANGE', 'UNSUPPORTED_UPSCALE_MODE', 'LIP_SYNC_VIDEO_SIZE', 'LIP_SYNC_VIDEO_DURATION', 'LIP_SYNC_VIDEO_TOO_LARGE', 'VIDEO_NOT_EXTENDABLE'] as const;
    expect(Object.keys(EN.rules).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(EN.rules[code], code).toBe(ERROR_CATALOGUE[code].message);
  });
});

describe('cost on the Generate button', () => {
  const [text, image, video] = AI_VIDEO_FORMS;

  it('prices clips by length, resolution, mode and V2 like the server', () => {
    expect(videoFormCost(text, false, { prompt: '', duration: 5, resolution: '720p', mode: 'std' }, null)).toBe(10);
    expect(videoFormCost(text, true, { prompt: 'x', duration: 8, resolution: '1080p', mode: 'pro' }, null)).toBe(
      costOf('text_to_video_v2', { prompt: 'x', duration: 8, aspectRatio: '16:9', resolution: '1080p', mode: 'pro' }),
    );
    expect(videoFormCost(image, false, { duration: 10, resolution: '480p', mode: 'std' }, null)).toBe(10);
  });

  it('prices source-priced kinds by the chosen video', () => {
    const source = { durationS: 12.4, width: 640, height: 360 };
    expect(videoFormCost(video, false, { resolution: '720p', mode: 'std' }, source)).toBe(videoCost({ seconds: 12.4, resolution: '720p' }));
    expect(videoFormCost(video, false, { resolution: '720p', mode: 'std' }, null)).toBe(videoCost({ seconds: 5, resolution: '720p' }));
    const sfx = findVideoTool('sound-effects')!;
    expect(videoFormCost(sfx, false, { prompt: 'rain' }, source)).toBe(costOf('sound_effects', { video: VIDEO, prompt: 'rain', volume: 0.8, keepOriginalAudio: true, source }));
    const upscaler = findVideoTool('video-upscaler')!;
    expect(videoFormCost(upscaler, false, { target: '4k' }, source)).toBe(13 * 4);
  });

  it('prices speech by the script and shorts by their length', () => {
    const script = 'x'.repeat(70);
    expect(videoFormCost(AVATAR_FORM, false, { text: script, resolution: '720p' }, null)).toBe(costOf('lip_sync', { image: IMAGE, text: script, voice: 'female', resolution: '720p' }));
    expect(videoFormCost(AI_SHORTS_FORM, false, { topic: 'x', duration: 60, resolution: '1080p' }, null)).toBe(120);
  });
});

describe('startVideoTask', () => {
  it('calls each kind’s own RPC', async () => {
    const calls: string[] = [];
    const client = new Proxy(
      {},
      {
        get: (_t, router: string) =>
          new Proxy({}, { get: (_u, procedure: string) => ({ mutate: () => (calls.push(`${router}.${procedure}`), Promise.resolve({ id: 'x' })) }) }),
      },
    ) as Parameters<typeof startVideoTask>[0];
    for (const kind of VIDEO_GENERATION_KINDS) await startVideoTask(client, kind as VideoGenerationKind, {});
    expect(calls).toEqual(VIDEO_GENERATION_KINDS.map((kind) => GENERATION_KINDS[kind].rpcName));
  });
});

describe('video forms on a chosen model (issue 18)', () => {
  const text = AI_VIDEO_FORMS.find((s) => s.id === 'text')!;
  const hosted: ModelOption & { price: { credits: number; per: 'second' } } = {
    id: 'hosted',
    name: 'Hosted',
    provider: 'fal',
    durations: [5],
    resolutions: ['720p'],
    limits: { aspectRatios: ['1:1'] },
    price: { credits: 3, per: 'second' },
  };

  it('offers only the lengths, resolutions and shapes the model makes, and prices by its catalogue price', () => {
    const values = effectiveValues(text, { duration: 10, aspectRatio: '16:9', resolution: '1080p' }, false, hosted);
    expect(values).toMatchObject({ duration: 5, aspectRatio: '1:1', resolution: '720p' });
    const choice = { ...hosted, vendor: 'V', speed: 'fast' as const, limits: hosted.limits!, provider: 'fal' as const };
    expect(videoFormCost(text, false, values, null, choice)).toBe(15);
    // The local engine (no price) costs the kind's table, as before.
    expect(videoFormCost(text, false, values, null, { ...choice, price: null })).toBe(videoFormCost(text, false, values, null));
  });
});

describe('videoUseTargets (a video result’s "Use in")', () => {
  const TASK = 'c0ffee00-1234-4abc-8def-000000000001';

  it('lists every kind that takes a video once, extension, upscale and lip sync first, each linked with the video', () => {
    const targets = videoUseTargets(TASK);
    expect(targets.slice(0, 4).map((t) => t.id)).toEqual(['video-extender', 'video-upscaler', 'lip-sync', 'video']);
    const kinds = targets.map((t) => [...VIDEO_TOOLS, ...AI_VIDEO_FORMS].find((f) => f.id === t.id)!.kind);
    const takingVideo = (Object.keys(GENERATION_KINDS) as GenerationKind[]).filter((k) => videoFieldsOf(k).length > 0);
    expect(new Set(kinds)).toEqual(new Set(takingVideo));
    expect(kinds).toHaveLength(new Set(kinds).size);
    for (const target of targets) expect(new URL(target.href, 'http://x').searchParams.get('video')).toBe(TASK);
    expect(targets.find((t) => t.id === 'anime')?.href).toBe(`/app/ai-video?kind=anime&video=${TASK}`);
  });
});
