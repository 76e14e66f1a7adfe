import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../../../test/openaiStandIn.ts';
import { flowSystemPrompt, LlmFlowPlanner, proposalFromCompletion } from './llmFlowPlanner.ts';
import { OfflineFlowPlanner } from './offlinePlanner.ts';
import type { PlannerCatalogue } from './planner.ts';

const KEY = 'sk-test-flow-planner-0123456789';
const PHOTO = 'u/alice/photo.png';
const kinds = (Object.keys(GENERATION_KINDS) as GenerationKind[]).filter((k) => k !== 'lip_sync');
const catalogue: PlannerCatalogue = { kinds, models: { text_to_image: ['local', 'fal-flux-schnell'] }, templates: { product_photo: [{ id: 'studio-marble', name: 'Marble studio' }] } };
const FLOW = {
  inputs: [
    { id: 'p', port: 'text', value: 'a lighthouse at dusk' },
    { id: 'photo', port: 'image', value: 'IMAGE' },
  ],
  steps: [{ id: 's1', kind: 'image_to_video', settings: { duration: 10 } }],
  wires: [
    { from: 'photo', to: 's1', toPort: 'image' },
    { from: 'p', to: 's1', toPort: 'prompt' },
  ],
  notes: [],
};
let answer: unknown = FLOW;
let standIn: OpenAiStandIn;
let fallbacks: string[];

const planner = (timeoutMs = 5_000) =>
  new LlmFlowPlanner({ apiKey: KEY, baseUrl: standIn.baseUrl, model: 'gpt-4o-mini', fallback: new OfflineFlowPlanner(), timeoutMs, onFallback: (r) => fallbacks.push(r) });

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ apiKey: KEY, answer: () => answer });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.mode = 'ok';
  standIn.requests.length = 0;
  fallbacks = [];
  answer = FLOW;
});

describe('LlmFlowPlanner', () => {
  it('asks with the key, JSON mode, the offered kinds and the brief, and puts the given image in', async () => {
    const result = await planner().plan({ brief: 'animate this photo', imageKey: PHOTO, catalogue });
    expect(result.planner).toBe('llm');
    expect(result.proposal.inputs.find((i) => i.id === 'photo')?.value).toBe(PHOTO);
    expect(result.proposal.steps).toEqual([{ id: 's1', kind: 'image_to_video', settings: { duration: 10 } }]);
    const [request] = standIn.requests;
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.responseFormat).toEqual({ type: 'json_object' });
    expect(request?.messages.map((m) => [m.role, m.role === 'user' ? m.content : ''])).toEqual([
      ['system', ''],
      ['user', 'animate this photo'],
    ]);
    expect(fallbacks).toEqual([]);
  });

  it('falls back to the offline planner on an HTTP error, prose, a wrong shape or a timeout, with a note', async () => {
    standIn.mode = 'error';
    const failed = await planner().plan({ brief: 'an image of a fox', catalogue });
    expect(failed.planner).toBe('local');
    expect(failed.proposal.steps.map((s) => s.kind)).toEqual(['text_to_image']);
    expect(failed.proposal.notes[0]).toMatchObject({ code: 'llm_failed', message: expect.stringMatching(/offline planner made this flow/) });
    standIn.mode = 'prose';
    expect((await planner().plan({ brief: 'an image of a fox', catalogue })).planner).toBe('local');
    standIn.mode = 'ok';
    answer = { steps: 'many' };
    expect((await planner().plan({ brief: 'an image of a fox', catalogue })).planner).toBe('local');
    standIn.mode = 'hang';
    expect((await planner(200).plan({ brief: 'an image of a fox', catalogue })).planner).toBe('local');
    expect(fallbacks).toHaveLength(4);
    expect(fallbacks[0]).toBe('the planner API answered 500');
    expect(fallbacks.join(' ')).not.toContain(KEY);
  });
});

describe('the flow system prompt', () => {
  it('lists the offered kinds with ports and settings from their schemas, not what is not offered', () => {
    const prompt = flowSystemPrompt(catalogue, false);
    expect(prompt).toContain('- text_to_image → image; ports [prompt:text]; settings {negativePrompt?: string; aspectRatio?: one of "1:1"|"4:3"|"3:4"|"16:9"|"9:16" (default "1:1");');
    expect(prompt).toContain('- upscale → image; ports [image:image]; settings {scale?: one of 2|4 (default 2); mode?: one of "quality"|"fast" (default "quality")}');
    expect(prompt).toContain('templateId one of "studio-marble" (Marble studio)');
    expect(prompt).toContain('Models for text_to_image: local, fal-flux-schnell.');
    expect(prompt).toContain('there is no image input');
    // Not offered, a template kind without templates, the timeline export.
    for (const kind of ['lip_sync', 'photo_effect', 'video_edit']) expect(prompt).not.toContain(`- ${kind} →`);
    // A list only ports fill is not offered as a setting.
    expect(prompt).toMatch(/- video_subjects → video; ports \[prompt:text, subjects\.0:image\?.*\]; settings \{duration/);
  });

  it('reads a fenced answer and refuses one without content', () => {
    const fenced = { choices: [{ message: { content: '```json\n' + JSON.stringify(FLOW) + '\n```' } }] };
    expect(proposalFromCompletion(fenced, undefined).inputs[1]?.value).toBe('IMAGE');
    expect(() => proposalFromCompletion({ choices: [] }, undefined)).toThrow(/no message content/);
  });

  it('keeps the model’s own notes as planner notes, words as written', () => {
    const noted = { choices: [{ message: { content: JSON.stringify({ ...FLOW, notes: ['No music was added.'] }) } }] };
    expect(proposalFromCompletion(noted, PHOTO).notes).toEqual([{ code: 'planner_note', params: { text: 'No music was added.' }, message: 'No music was added.' }]);
  });
});
