import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type OpenAiStandIn, startOpenAiStandIn } from '../../../../test/openaiStandIn.ts';
import { OpenAiCompatiblePlanner, planFromCompletion } from './llmPlanner.ts';
import { LocalPromptPlanner } from './localPlanner.ts';
import type { PlannerTurn } from './planner.ts';

const KEY = 'sk-test-chat-planner-0123456789';
let standIn: OpenAiStandIn;
let fallbacks: string[];

const plannerFor = (opts: { apiKey?: string; timeoutMs?: number } = {}) =>
  new OpenAiCompatiblePlanner({
    apiKey: opts.apiKey ?? KEY,
    baseUrl: standIn.baseUrl,
    model: 'gpt-4o-mini',
    fallback: new LocalPromptPlanner(),
    timeoutMs: opts.timeoutMs ?? 5_000,
    onFallback: (reason) => fallbacks.push(reason),
  });

beforeAll(async () => {
  standIn = await startOpenAiStandIn({ apiKey: KEY });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.mode = 'ok';
  standIn.requests.length = 0;
  fallbacks = [];
});

describe('OpenAiCompatiblePlanner', () => {
  it('asks the model with the key, JSON mode and the chat so far, and uses its plan', async () => {
    const history: PlannerTurn[] = [
      { role: 'user', text: 'a red fox', proposals: [] },
      { role: 'assistant', text: 'Here you go.', proposals: [{ prompt: 'a red fox, photo', aspectRatio: '1:1', label: 'Photo' }] },
    ];
    const answer = await plannerFor().plan(history, 'make it darker', { count: 2 });

    expect(answer.planner).toBe('llm');
    expect(answer.plan.reply).toBe('Stand-in model: three takes on "make it darker".');
    expect(answer.plan.proposals.map((p) => p.label)).toEqual(['Take one', 'Take two', 'Take three']);
    const [request] = standIn.requests;
    expect(request?.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.model).toBe('gpt-4o-mini');
    expect(request?.responseFormat).toEqual({ type: 'json_object' });
    expect(request?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(request?.messages[0]?.content).toMatch(/first 2 proposal/);
    expect(JSON.parse(request?.messages[2]?.content ?? '{}')).toEqual({ reply: 'Here you go.', proposals: history[1]?.proposals });
    expect(fallbacks).toEqual([]);
  });

  it('applies the aspect the user picked to every proposal', async () => {
    const answer = await plannerFor().plan([], 'a harbour', { count: 1, aspectRatio: '9:16' });
    expect(answer.plan.proposals.every((p) => p.aspectRatio === '9:16')).toBe(true);
    expect(standIn.requests[0]?.messages[0]?.content).toMatch(/aspect ratio 9:16/);
  });

  it.each([
    ['the service fails', 'error', {}, /answered 500/],
    ['the model answers prose instead of JSON', 'prose', {}, /JSON/],
    ['the key is refused', 'ok', { apiKey: 'sk-wrong' }, /answered 401/],
    ['the service does not answer in time', 'hang', { timeoutMs: 300 }, /abort|timeout/i],
  ] as const)('falls back to the local planner when %s', async (_what, mode, opts, reason) => {
    standIn.mode = mode;
    const answer = await plannerFor(opts).plan([], 'a lighthouse at night, watercolour', { count: 1 });
    expect(answer.planner).toBe('local');
    expect(answer.plan).toEqual(new LocalPromptPlanner().planSync([], 'a lighthouse at night, watercolour', { count: 1 }));
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toMatch(reason);
    expect(fallbacks[0]).not.toContain(KEY);
  });
});

describe('planFromCompletion', () => {
  const completion = (content: string) => ({ choices: [{ message: { role: 'assistant', content } }] });
  const plan = { reply: 'Two ideas.', proposals: [{ prompt: 'a fox', aspectRatio: '4:3', label: 'Fox' }] };

  it('accepts JSON wrapped in a Markdown fence', () => {
    expect(planFromCompletion(completion('```json\n' + JSON.stringify(plan) + '\n```'), { count: 1 })).toEqual(plan);
  });

  it('rejects plans outside the schema', () => {
    expect(() => planFromCompletion(completion(JSON.stringify({ ...plan, proposals: [] })), { count: 1 })).toThrow(/schema/);
    expect(() => planFromCompletion(completion(JSON.stringify({ reply: 'x', proposals: [{ prompt: 'a', aspectRatio: '5:4', label: 'x' }] })), { count: 1 })).toThrow(/schema/);
    expect(() => planFromCompletion({ choices: [] }, { count: 1 })).toThrow(/no message content/);
  });
});
