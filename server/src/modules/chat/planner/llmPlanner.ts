/**
 * Plans prompts with an LLM behind the OpenAI chat-completions protocol (`POST
 * {baseUrl}/chat/completions`), which OpenAI and most self-hostable servers (vLLM, Ollama,
 * LM Studio …) speak. The chat so far goes along as messages, so follow-ups work; the answer
 * must be JSON in the shape of `zChatPlan`. Any failure — timeout, HTTP error, a body that is
 * not such JSON — falls back to the local planner: the user always gets an answer.
 */
import { type ChatPlan, zChatPlan } from '@tessera/shared/chat';
import { ASPECT_RATIOS } from '@tessera/shared/generation';
import type { ChatPlanner, PlanOptions, PlannerAnswer, PlannerTurn } from './planner.ts';

/** Earlier messages sent along (the newest ones); older context rarely changes the next prompt. */
const HISTORY_LIMIT = 20;
export const LLM_TIMEOUT_MS = 20_000;

export interface OpenAiCompatiblePlannerOptions {
  apiKey: string;
  /** e.g. https://api.openai.com/v1 (no trailing slash). */
  baseUrl: string;
  model: string;
  /** Answers when the LLM cannot. */
  fallback: ChatPlanner;
  timeoutMs?: number;
  /** Told why the LLM's answer was not used (never with the key). */
  onFallback?: (reason: string) => void;
  fetch?: typeof fetch;
}

const SYSTEM_PROMPT = [
  'You plan prompts for Tessera, an AI image studio. The user describes a picture; you propose text-to-image prompts.',
  'Answer with one JSON object only, no prose around it:',
  '{"reply": string, "proposals": [{"prompt": string, "negativePrompt": string, "aspectRatio": string, "label": string}]}',
  '- reply: one or two friendly sentences, in the language the user writes in, naming what you propose.',
  '- proposals: 4 distinct prompts (at least 1, at most 6), best first. Each prompt is detailed English: subject, style, lighting, composition, quality words. Vary style, lighting or framing between them.',
  '- negativePrompt: what to keep out of the picture (short, comma-separated).',
  `- aspectRatio: one of ${Object.keys(ASPECT_RATIOS).join(', ')} — from the user's words (portrait, vertical, landscape, wide, square, a ratio), else 1:1.`,
  '- label: 1 to 3 words naming the variation, e.g. "Watercolour" or "Close-up".',
  'Follow-up messages ("make it darker", "more like the second", "again but blue") change your previous proposals instead of starting over.',
].join('\n');

function situation(opts: PlanOptions): string {
  const lines = [
    opts.count > 0 ? `The first ${opts.count} proposal(s) will be generated right away; say so in the reply.` : 'Nothing is generated yet; the user picks a proposal.',
  ];
  if (opts.aspectRatio) lines.push(`The user chose the aspect ratio ${opts.aspectRatio}; use it for every proposal.`);
  if (opts.fromImage) lines.push('The user starts from an image on their canvas: each prompt describes what the transformed image should look like.');
  return lines.join('\n');
}

/** Chat-completions messages: the instructions, then the chat (assistant turns as the JSON they answered). */
export function completionMessages(history: readonly PlannerTurn[], message: string, opts: PlanOptions) {
  return [
    { role: 'system' as const, content: `${SYSTEM_PROMPT}\n${situation(opts)}` },
    ...history.slice(-HISTORY_LIMIT).map((turn) =>
      turn.role === 'user'
        ? { role: 'user' as const, content: turn.text }
        : {
            role: 'assistant' as const,
            // Only what the model itself answers (the server's imageNodeId means nothing to it).
            content: JSON.stringify({ reply: turn.text, proposals: turn.proposals.map(({ prompt, negativePrompt, aspectRatio, label }) => ({ prompt, negativePrompt, aspectRatio, label })) }),
          },
    ),
    { role: 'user' as const, content: message },
  ];
}

/** The plan inside a chat-completions response body; throws when there is none. */
export function planFromCompletion(body: unknown, opts: PlanOptions): ChatPlan {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('no message content in the completion');
  // Some compatible servers wrap JSON in a Markdown fence despite response_format.
  const json = content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '');
  const raw = JSON.parse(json) as { reply?: unknown; proposals?: unknown };
  const proposals = Array.isArray(raw.proposals)
    ? raw.proposals.slice(0, 6).map((p: unknown) => {
        const proposal = (p ?? {}) as Record<string, unknown>;
        return {
          ...proposal,
          // Small liberties an LLM takes are mended rather than failing the whole plan.
          label: typeof proposal.label === 'string' ? proposal.label.slice(0, 60) : '',
          negativePrompt: typeof proposal.negativePrompt === 'string' && proposal.negativePrompt.trim() !== '' ? proposal.negativePrompt.slice(0, 1000) : undefined,
          ...(opts.aspectRatio ? { aspectRatio: opts.aspectRatio } : {}),
        };
      })
    : raw.proposals;
  const parsed = zChatPlan.safeParse({ reply: raw.reply, proposals });
  if (!parsed.success) throw new Error(`the plan does not match the schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** The LLM planner (OPENAI_API_KEY set); falls back to `fallback` on any failure. */
export class OpenAiCompatiblePlanner implements ChatPlanner {
  constructor(private readonly opts: OpenAiCompatiblePlannerOptions) {}

  async plan(history: readonly PlannerTurn[], message: string, opts: PlanOptions): Promise<PlannerAnswer> {
    try {
      return { plan: await this.ask(history, message, opts), planner: 'llm' };
    } catch (error) {
      this.opts.onFallback?.(error instanceof Error ? error.message : String(error));
      const answer = await this.opts.fallback.plan(history, message, opts);
      return { plan: answer.plan, planner: 'local' };
    }
  }

  private async ask(history: readonly PlannerTurn[], message: string, opts: PlanOptions): Promise<ChatPlan> {
    const response = await (this.opts.fetch ?? fetch)(`${this.opts.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.opts.apiKey}` },
      body: JSON.stringify({
        model: this.opts.model,
        messages: completionMessages(history, message, opts),
        response_format: { type: 'json_object' },
        temperature: 0.7,
      }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? LLM_TIMEOUT_MS),
    });
    // The status only: an error body may echo request headers, and the key must never reach a log.
    if (!response.ok) throw new Error(`the planner API answered ${response.status}`);
    return planFromCompletion(await response.json(), opts);
  }
}
