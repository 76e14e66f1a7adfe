import { type ChatPlan, zChatPlan } from '@tessera/shared/chat';
import { describe, expect, it } from 'vitest';
import { cleanSubject, extractAspect, extractStyle, LocalPromptPlanner, stateFor } from './localPlanner.ts';
import type { PlannerTurn } from './planner.ts';

const planner = new LocalPromptPlanner();

/** Plays a conversation through the planner, as the chat service does, and returns every plan. */
function converse(messages: string[], count = 1): ChatPlan[] {
  const history: PlannerTurn[] = [];
  return messages.map((text) => {
    const plan = planner.planSync(history, text, { count });
    history.push({ role: 'user', text, proposals: [] }, { role: 'assistant', text: plan.reply, proposals: plan.proposals });
    return plan;
  });
}
const last = <T>(list: T[]): T => list[list.length - 1] as T;

describe('aspect ratio from the message', () => {
  it.each([
    ['a fox in the snow', null],
    ['a fox, 16:9', '16:9'],
    ['a city skyline 9:16', '9:16'],
    ['a desktop wallpaper of mountains, 1920x1080', '16:9'],
    ['a poster, 2:3', '3:4'],
    ['a cat in portrait format', '3:4'],
    ['a portrait of an old fisherman', '3:4'],
    ['a fox, vertical', '9:16'],
    ['a phone wallpaper with waves', '9:16'],
    ['a mountain landscape at dusk', '4:3'],
    ['a city in landscape orientation', '4:3'],
    ['a widescreen shot of a desert road', '16:9'],
    ['a panoramic view of the alps', '16:9'],
    ['a logo for a coffee shop', '1:1'],
    ['a cat as a square image', '1:1'],
  ])('%s → %s', (message, aspect) => {
    expect(extractAspect(message).aspect).toBe(aspect);
  });

  it('drops words that only name the format, keeps words that describe the picture', () => {
    expect(cleanSubject(extractAspect('a cat in portrait format').rest)).toBe('a cat');
    expect(cleanSubject(extractAspect('a fox, 16:9').rest)).toBe('a fox');
    expect(cleanSubject(extractAspect('a portrait of an old fisherman').rest)).toBe('a portrait of an old fisherman');
    expect(cleanSubject(extractAspect('a mountain landscape at dusk').rest)).toBe('a mountain landscape at dusk');
  });

  it('uses the aspect the user picked in the studio over words in the message', () => {
    const plan = planner.planSync([], 'a fox, vertical', { count: 1, aspectRatio: '16:9' });
    expect(plan.proposals.every((p) => p.aspectRatio === '16:9')).toBe(true);
  });
});

describe('style from the message', () => {
  it.each([
    ['a photo of a cat', 'photo', 'a cat'],
    ['a photorealistic red fox', 'photo', 'a red fox'],
    ['a fox in watercolour style', 'watercolour', 'a fox'],
    ['a watercolor painting of a harbour', 'watercolour', 'a harbour'],
    ['an anime girl with an umbrella', 'anime', 'an girl with an umbrella'],
    ['a dragon as an oil painting', 'oil', 'a dragon'],
    ['pixel art castle', 'pixel', 'castle'],
    ['3D render of a robot', '3d', 'a robot'],
    ['a pencil sketch of a horse', 'sketch', 'a horse'],
    ['a cinematic shot of a rainy street', 'cinematic', 'a rainy street'],
    ['a minimalist mountain poster', 'minimal', 'a mountain poster'],
    ['a lighthouse', null, 'a lighthouse'],
  ])('%s → %s', (message, style, subject) => {
    const found = extractStyle(message);
    expect(found.style?.key ?? null).toBe(style);
    expect(cleanSubject(found.rest)).toBe(subject);
  });
});

describe('proposals', () => {
  it('cleans the request down to its subject and proposes four prompts in different styles', () => {
    const plan = planner.planSync([], 'Hi! Can you make me a red fox in the snow please?', { count: 2 });
    expect(zChatPlan.safeParse(plan).success).toBe(true);
    expect(plan.proposals).toHaveLength(4);
    expect(new Set(plan.proposals.map((p) => p.label)).size).toBe(4);
    expect(plan.proposals.map((p) => p.label)).toEqual(['Photo', 'Cinematic', 'Illustration', 'Watercolour']);
    for (const p of plan.proposals) {
      expect(p.prompt.startsWith('a red fox in the snow, ')).toBe(true);
      expect(p.prompt).toMatch(/high quality/);
      expect(p.aspectRatio).toBe('1:1');
      expect(p.negativePrompt).toMatch(/blurry/);
    }
    expect(plan.reply).toContain('“a red fox in the snow”');
    expect(plan.reply).toContain('first 2');
  });

  it('keeps a named style and varies light and framing instead', () => {
    const plan = planner.planSync([], 'a lighthouse in a storm, watercolour, 9:16', { count: 1 });
    expect(plan.proposals.map((p) => p.label)).toEqual(['Watercolour', 'Watercolour · Golden hour', 'Watercolour · Close-up', 'Watercolour · Dramatic']);
    expect(plan.proposals.every((p) => p.prompt.includes('watercolour painting') && p.aspectRatio === '9:16')).toBe(true);
    expect(plan.reply).toMatch(/watercolour style/);
    expect(plan.reply).toMatch(/I’m making “Watercolour”/);
  });

  it('keeps what the user does not want out of the prompt and in the negative prompt', () => {
    const plan = planner.planSync([], 'a quiet beach without people or boats', { count: 0 });
    for (const p of plan.proposals) {
      expect(p.prompt).not.toMatch(/people|boats/);
      expect(p.negativePrompt).toMatch(/^people, boats, /);
    }
    expect(plan.reply).toMatch(/Pick one/);
  });

  it('says it starts from the selected image for image to image', () => {
    expect(planner.planSync([], 'make it look like a comic', { count: 1, fromImage: true }).reply).toMatch(/starting from your selected image/);
  });

  it('is deterministic: the same chat gives the same plan', async () => {
    const a = converse(['a red fox in the snow', 'make it darker', 'more like the second']);
    const b = converse(['a red fox in the snow', 'make it darker', 'more like the second']);
    expect(a).toEqual(b);
    expect(await new LocalPromptPlanner().plan([], 'a fox', { count: 1 })).toEqual({ plan: planner.planSync([], 'a fox', { count: 1 }), planner: 'local' });
  });
});

describe('follow-ups change the earlier subject', () => {
  it('"make it darker" keeps the subject and style and changes the light', () => {
    const [, plan] = converse(['a red fox in the snow, watercolour', 'make it darker']);
    expect(plan?.reply).toMatch(/^Got it — darker\./);
    expect(plan?.reply).toContain('“a red fox in the snow”');
    for (const p of plan?.proposals ?? []) {
      expect(p.prompt).toMatch(/^a red fox in the snow, watercolour painting/);
      expect(p.prompt).toContain('moody low-key lighting');
    }
  });

  it('"again but blue" adds a colour, and a later colour replaces it', () => {
    const plans = converse(['a vintage car', 'again but blue']);
    expect(last(plans).proposals[0]?.prompt).toMatch(/^a vintage car, .*blue colour palette/);
    const later = converse(['a vintage car', 'again but blue', 'make it darker', 'green']);
    const prompt = last(later).proposals[0]?.prompt ?? '';
    expect(prompt).toContain('green colour palette');
    expect(prompt).toContain('low-key lighting');
    expect(prompt).not.toContain('blue colour palette');
  });

  it('"brighter" after "darker" replaces it rather than asking for both', () => {
    const prompt = last(converse(['a castle', 'darker', 'actually make it brighter'])).proposals[0]?.prompt ?? '';
    expect(prompt).toContain('high-key lighting');
    expect(prompt).not.toContain('low-key lighting');
  });

  it('"more like the second" starts from the second proposal', () => {
    const [first, second] = converse(['a lighthouse at night', 'more like the second']);
    const picked = first?.proposals[1];
    expect(picked?.label).toBe('Cinematic');
    expect(second?.proposals[0]?.prompt).toBe(picked?.prompt);
    expect(second?.proposals.slice(1).every((p) => p.prompt.startsWith(picked?.prompt ?? '?'))).toBe(true);
    expect(second?.reply).toContain('closer to “Cinematic”');
  });

  it('switches style, format and what to leave out without losing the subject', () => {
    const plans = converse(['a cozy cabin in the woods', 'now as anime, 16:9', 'remove the trees and add a moon']);
    const plan = last(plans);
    expect(plan.proposals.every((p) => p.prompt.startsWith('a cozy cabin in the woods, anime style') && p.aspectRatio === '16:9')).toBe(true);
    expect(plan.proposals[0]?.prompt).toContain('with a moon');
    expect(plan.proposals[0]?.negativePrompt).toMatch(/^trees,/);
  });

  it('a new subject starts over', () => {
    const state = stateFor(
      [
        { role: 'user', text: 'a red fox, watercolour, vertical', proposals: [] },
        { role: 'assistant', text: 'ok', proposals: [] },
        { role: 'user', text: 'make it darker', proposals: [] },
      ],
      'a bowl of ramen on a wooden table',
    );
    expect(state).toMatchObject({ subject: 'a bowl of ramen on a wooden table', style: null, aspect: null, modifiers: [], followUp: false });
  });
});
