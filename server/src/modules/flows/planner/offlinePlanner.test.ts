import { validateFlow } from '@tessera/shared/flows';
import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import { describe, expect, it } from 'vitest';
import { planFlowOffline, requestedSeconds, requestedVariations, subjectOf } from './offlinePlanner.ts';
import type { FlowNoteCode } from '@tessera/shared/flows/plan';
import type { PlannerCatalogue } from './planner.ts';
import { checkProposal, proposalGraph, settingsProblem } from './validate.ts';

const ALL = (Object.keys(GENERATION_KINDS) as GenerationKind[]).filter((k) => k !== 'video_edit');
const catalogue = (kinds: GenerationKind[] = ALL, templates = true): PlannerCatalogue => ({
  kinds,
  models: Object.fromEntries(kinds.map((k) => [k, ['local']])),
  templates: templates ? { product_photo: [{ id: 'studio-marble', name: 'Marble studio' }] } : {},
});
const PHOTO = 'u/alice/photo.png';

interface Case {
  brief: string;
  imageKey?: string;
  /** The steps' kinds in order, with the port each is fed on. */
  chain: string[];
  settings?: Record<string, Record<string, unknown>>;
  /** Notes the plan must carry: codes, and the English of one where it matters. */
  notes?: (FlowNoteCode | RegExp)[];
}

const CASES: Case[] = [
  { brief: 'an image of a red fox in the snow', chain: ['text_to_image'] },
  { brief: 'a video of a lighthouse at dusk', chain: ['text_to_image', 'image_to_video'] },
  { brief: 'a 15-second clip of waves on a beach', chain: ['text_to_image', 'image_to_video'], settings: { image_to_video: { duration: 10 } }, notes: ['clip_shortened', /10-second clip for the 15 asked/] },
  { brief: 'an 8 s video of a city at night', chain: ['text_to_image', 'image_to_video'], settings: { image_to_video: { duration: 5 } } },
  { brief: 'a 15-second product teaser from this photo, with voice-over', imageKey: PHOTO, chain: ['image_to_video', 'lip_sync'], settings: { image_to_video: { duration: 10 } }, notes: ['narration_draft', 'lip_sync_face'] },
  { brief: 'a product photo from this photo', imageKey: PHOTO, chain: ['product_photo'], settings: { product_photo: { templateId: 'studio-marble' } } },
  { brief: 'upscale this photo and remove the background', imageKey: PHOTO, chain: ['background_remover', 'upscale'] },
  { brief: 'four variations of a poster of a jazz festival', chain: ['text_to_image'] },
  { brief: 'a portrait of an astronaut, narrated: "We choose to go to the moon"', chain: ['text_to_image', 'lip_sync'] },
  { brief: 'turn this photo into a watercolour painting', imageKey: PHOTO, chain: ['image_to_image'] },
  { brief: 'a clip of a cat with music and subtitles', chain: ['text_to_image', 'image_to_video'], notes: ['cannot_music', 'cannot_subtitles'] },
  { brief: 'a sunrise over mountains', chain: ['text_to_image'], notes: ['output_unclear'] },
  { brief: 'a short video', chain: ['text_to_image', 'image_to_video'], notes: ['no_subject'] },
  { brief: 'an upscaled video of a hummingbird', chain: ['text_to_image', 'image_to_video', 'video_upscale'] },
];

describe('the offline flow planner', () => {
  it.each(CASES)('$brief', ({ brief, imageKey, chain, settings, notes }) => {
    const proposal = planFlowOffline({ brief, imageKey, catalogue: catalogue() });
    expect(proposal.steps.map((s) => s.kind)).toEqual(chain);
    // The proposal is a valid flow, every step's settings parse once its ports are filled …
    expect(validateFlow(proposalGraph(proposal))).toEqual([]);
    for (const step of proposal.steps) {
      const wired = proposal.wires.filter((w) => w.to === step.id).map((w) => w.toPort);
      expect(settingsProblem(step.kind as GenerationKind, step.settings, wired), `${step.kind} ${JSON.stringify(step.settings)}`).toBeNull();
    }
    // … and the server's check passes it untouched.
    const check = checkProposal(proposal, { catalogue: catalogue(), imageKey });
    expect(check).toMatchObject({ ok: true, notes: [] });
    // Every text input has words in it; the only media is the image given.
    for (const input of proposal.inputs) {
      if (input.port === 'text') expect(input.value?.trim()).toBeTruthy();
      else expect(input.value).toBe(imageKey);
    }
    for (const [kind, expected] of Object.entries(settings ?? {})) expect(proposal.steps.find((s) => s.kind === kind)?.settings).toMatchObject(expected);
    for (const note of notes ?? []) {
      const found = proposal.notes.some((n) => (typeof note === 'string' ? n.code === note : note.test(n.message)));
      expect(found, `${String(note)} in ${JSON.stringify(proposal.notes)}`).toBe(true);
    }
  });

  it('wires the photo into the animation and the clip into the voice-over, the narration as its own input', () => {
    const proposal = planFlowOffline({ brief: 'a 15-second product teaser from this photo, with voice-over', imageKey: PHOTO, catalogue: catalogue() });
    const [animate, voice] = proposal.steps;
    const photo = proposal.inputs.find((i) => i.port === 'image');
    expect(proposal.wires).toContainEqual({ from: photo?.id, to: animate?.id, toPort: 'image' });
    expect(proposal.wires).toContainEqual({ from: animate?.id, to: voice?.id, toPort: 'video' });
    const narration = proposal.wires.find((w) => w.to === voice?.id && w.toPort === 'text');
    expect(proposal.inputs.find((i) => i.id === narration?.from)?.value).toBe('Introducing a product teaser.');
    const motion = proposal.wires.find((w) => w.to === animate?.id && w.toPort === 'prompt');
    expect(proposal.inputs.find((i) => i.id === motion?.from)?.value).toBe('a product teaser');
  });

  it("names its cards in the asker's language (English by default)", () => {
    const brief = 'a 15-second product teaser from this photo, with voice-over';
    const names = (lang?: 'de' | 'ja') => {
      const p = planFlowOffline({ brief, imageKey: PHOTO, catalogue: catalogue(), lang });
      return [...p.inputs.map((i) => i.name), ...p.steps.map((s) => s.name)];
    };
    expect(names()).toEqual(['Photo', 'Prompt', 'Narration', 'Animation', 'Voice-over']);
    expect(names('de')).toEqual(['Foto', 'Prompt', 'Sprechertext', 'Animation', 'Sprecherstimme']);
    expect(names('ja')).toEqual(['写真', 'プロンプト', 'ナレーション原稿', 'アニメーション', 'ナレーション音声']);
  });

  it('speaks the quoted words and fans out the first step', () => {
    const voiced = planFlowOffline({ brief: 'a portrait of an astronaut, narrated: "We choose to go to the moon"', catalogue: catalogue() });
    expect(voiced.inputs.map((i) => i.value)).toContain('We choose to go to the moon');
    expect(voiced.steps.find((s) => s.kind === 'lip_sync')?.settings).toEqual({});
    const many = planFlowOffline({ brief: 'four variations of a poster of a jazz festival', catalogue: catalogue() });
    expect(many.steps[0]?.variations).toEqual({ seeds: 4 });
    expect(planFlowOffline({ brief: '40 versions of a logo', catalogue: catalogue() }).notes).toContainEqual({ code: 'variations_capped', params: { max: 16, count: 16 }, message: 'A step makes at most 16 results per run: the flow makes 16.' });
    expect(many.inputs[0]?.value).toBe('a poster of a jazz festival');
    expect(planFlowOffline({ brief: '40 versions of a logo', catalogue: catalogue() }).steps[0]?.variations).toEqual({ seeds: 16 });
  });

  it('says what this server does not offer instead of proposing it', () => {
    const kinds = ALL.filter((k) => k !== 'image_to_video' && k !== 'product_photo');
    const video = planFlowOffline({ brief: 'a video of a lighthouse', catalogue: catalogue(kinds) });
    expect(video.steps.map((s) => s.kind)).toEqual(['text_to_image']);
    expect(video.notes).toContainEqual({ code: 'kind_not_offered', params: { kind: 'image_to_video' }, message: 'This server does not offer image_to_video, so the flow leaves that step out.' });
    // Nothing is left dangling: the check has nothing to repair.
    expect(checkProposal(video, { catalogue: catalogue(kinds) })).toMatchObject({ ok: true, notes: [] });
    const voiced = planFlowOffline({ brief: 'a clip from this photo with voice-over', imageKey: PHOTO, catalogue: catalogue(ALL.filter((k) => k !== 'lip_sync')) });
    expect(voiced.inputs.map((i) => i.port)).toEqual(['image']);
    expect(checkProposal(voiced, { catalogue: catalogue(ALL.filter((k) => k !== 'lip_sync')), imageKey: PHOTO })).toMatchObject({ ok: true, notes: [] });
    const product = planFlowOffline({ brief: 'a product photo from this photo', imageKey: PHOTO, catalogue: catalogue(ALL, false) });
    expect(product.notes.map((n) => n.code)).toContain('no_product_template');
    const nothing = planFlowOffline({ brief: 'an image of a bike', catalogue: catalogue([]) });
    expect(nothing.steps).toEqual([]);
    expect(nothing.notes).toMatchObject([{ code: 'kind_not_offered', params: { kind: 'text_to_image' } }]);
    expect(checkProposal(nothing, { catalogue: catalogue([]) })).toMatchObject({ ok: false, reason: 'no step of the proposal can be made here' });
    const missing = planFlowOffline({ brief: 'an image from this photo of a bike', catalogue: catalogue() });
    expect(missing.notes.map((n) => n.code)).toContain('photo_missing');
  });

  it('reads durations, counts and subjects', () => {
    expect(requestedSeconds('a 15-second teaser')).toBe(15);
    expect(requestedSeconds('10 s of rain')).toBe(10);
    expect(requestedSeconds('a teaser')).toBeNull();
    expect(requestedVariations('three versions please')).toBe(3);
    expect(requestedVariations('some variations')).toBe(4);
    expect(requestedVariations('a cat')).toBeNull();
    expect(subjectOf('Make an image of a red fox in the snow')).toBe('a red fox in the snow');
    expect(subjectOf('upscale this photo')).toBe('');
    expect(subjectOf('a short clip from this photo, with voice-over')).toBe('');
  });
});
