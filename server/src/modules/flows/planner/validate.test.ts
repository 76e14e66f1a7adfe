import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import type { FlowProposal } from '@tessera/shared/flows/plan';
import { describe, expect, it } from 'vitest';
import type { PlannerCatalogue } from './planner.ts';
import { checkProposal, proposalTexts, settingsProblem } from './validate.ts';

const PHOTO = 'u/alice/photo.png';
const catalogue: PlannerCatalogue = {
  kinds: (Object.keys(GENERATION_KINDS) as GenerationKind[]).filter((k) => k !== 'video_upscale'),
  models: { image_to_video: ['local', 'fal-kling'] },
  templates: { product_photo: [{ id: 'studio-marble', name: 'Marble studio' }] },
};
const base = (): FlowProposal => ({
  inputs: [
    { id: 'p', port: 'text', value: 'a kettle' },
    { id: 'photo', port: 'image', value: PHOTO },
  ],
  steps: [
    { id: 'a', kind: 'image_to_video', settings: { duration: 10 }, model: 'fal-kling' },
    { id: 'b', kind: 'lip_sync', settings: { text: 'Hello there' } },
  ],
  wires: [
    { from: 'photo', to: 'a', toPort: 'image' },
    { from: 'p', to: 'a', toPort: 'prompt' },
    { from: 'a', to: 'b', toPort: 'video' },
  ],
  notes: [],
});

describe('checkProposal', () => {
  it('passes a valid proposal untouched', () => {
    expect(checkProposal(base(), { catalogue, imageKey: PHOTO })).toEqual({ ok: true, proposal: base(), notes: [] });
  });

  it('repairs what is safe: a kind not offered, a type-mismatched wire, an unknown setting, an unknown model, invented media', () => {
    const raw = base();
    raw.steps.push({ id: 'c', kind: 'video_upscale', settings: {} }, { id: 'd', kind: 'warp_drive', settings: {} });
    raw.wires.push({ from: 'b', to: 'c', toPort: 'video' }, { from: 'a', to: 'b', toPort: 'text' }, { from: 'photo', to: 'a', toPort: 'image' });
    raw.steps[0]!.settings.sparkle = true;
    raw.steps[0]!.model = 'dall-e-9';
    raw.inputs[1]!.value = 'u/bob/secret.png';
    raw.inputs.push({ id: 'clip', port: 'video', value: 'u/bob/clip.mp4' }, { id: 'spare', port: 'text', value: 'unused' });
    const check = checkProposal(raw, { catalogue, imageKey: PHOTO });
    if (!check.ok) throw new Error(check.reason);
    expect(check.proposal.steps).toEqual([
      { id: 'a', kind: 'image_to_video', settings: { duration: 10 } },
      { id: 'b', kind: 'lip_sync', settings: { text: 'Hello there' } },
    ]);
    expect(check.proposal.inputs.map((i) => [i.id, i.value])).toEqual([
      ['p', 'a kettle'],
      ['photo', PHOTO],
    ]);
    expect(check.proposal.wires).toEqual(base().wires);
    // Each repair is a coded note (the studio translates the code) with the English beside it.
    expect(check.notes.map((n) => n.code).sort()).toEqual(
      ['image_input_replaced', 'input_unused', 'media_input_dropped', 'model_not_offered', 'setting_dropped', 'step_kind_dropped', 'step_kind_dropped', 'wire_dropped', 'wire_dropped', 'wire_dropped'].sort(),
    );
    expect(check.notes).toContainEqual({ code: 'wire_dropped', params: { from: 'a', to: 'b', port: 'text', problem: 'type_mismatch' }, message: 'The wire a → b.text was dropped (type mismatch).' });
    const notes = check.notes.map((n) => n.message).join('\n');
    for (const expected of [/c \(video_upscale\) was left out/, /d \(warp_drive\) was left out/, /a → b\.text was dropped \(type mismatch\)/, /photo → a\.image was dropped \(port taken\)/, /setting sparkle/, /dall-e-9 is not offered/, /uses the image you gave/, /video input clip was left out/, /spare feeds nothing/]) {
      expect(notes).toMatch(expected);
    }
  });

  it('rejects what cannot be repaired: settings that do not parse, a missing required port, a template not offered, nothing left', () => {
    const badDuration = base();
    badDuration.steps[0]!.settings.duration = 15;
    expect(checkProposal(badDuration, { catalogue, imageKey: PHOTO })).toMatchObject({ ok: false, reason: expect.stringMatching(/settings of a \(image_to_video\) do not hold: duration/) });
    const noImage = base();
    noImage.wires.shift();
    expect(checkProposal(noImage, { catalogue, imageKey: PHOTO })).toMatchObject({ ok: false, reason: expect.stringMatching(/image: Image is required/) });
    const noVoice = base();
    noVoice.steps[1]!.settings = {};
    expect(checkProposal(noVoice, { catalogue, imageKey: PHOTO })).toMatchObject({ ok: false, reason: expect.stringMatching(/lip_sync/) });
    const template: FlowProposal = { inputs: [{ id: 'photo', port: 'image', value: PHOTO }], steps: [{ id: 't', kind: 'product_photo', settings: { templateId: 'made-up' } }], wires: [{ from: 'photo', to: 't', toPort: 'image' }], notes: [] };
    expect(checkProposal(template, { catalogue, imageKey: PHOTO })).toMatchObject({ ok: false, notes: [{ code: 'template_not_offered', params: { step: 't', kind: 'product_photo' }, message: expect.stringMatching(/no such template/) }] });
    const duplicate = base();
    duplicate.steps[1]!.id = 'a';
    expect(checkProposal(duplicate, { catalogue, imageKey: PHOTO })).toMatchObject({ ok: false, reason: 'two nodes share the id a' });
  });

  it('fills list ports as lists when checking settings, and collects the texts to moderate', () => {
    expect(settingsProblem('video_subjects', { prompt: 'two friends walking' }, ['subjects.0'])).toBeNull();
    expect(settingsProblem('video_subjects', { prompt: 'two friends walking' }, [])).toMatch(/subjects/);
    expect(proposalTexts(base())).toEqual(['a kettle', 'Hello there']);
  });
});
