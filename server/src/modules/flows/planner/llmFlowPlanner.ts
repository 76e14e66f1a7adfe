/**
 * Plans flows with an LLM behind the OpenAI chat-completions protocol (`POST
 * {baseUrl}/chat/completions`, the chat planner's configuration: OPENAI_API_KEY, OPENAI_BASE_URL,
 * OPENAI_MODEL). The system prompt lists the kinds this server offers with their ports and main
 * settings, derived from the catalogue's schemas; the answer must be one JSON object in the shape
 * of `zFlowProposal`. Any failure — timeout, HTTP error, a body that is not such JSON — falls
 * back to the offline planner. Whether the proposal holds is checked afterwards (validate.ts).
 */
import { type FlowProposal, flowNote, zFlowProposal } from '@tessera/shared/flows/plan';
import { isTemplateKind } from '@tessera/shared/generation';
import { LLM_TIMEOUT_MS } from '../../chat/planner/llmPlanner.ts';
import { describeKind } from './kindSettings.ts';
import { type FlowPlanner, type FlowPlannerAnswer, type FlowPlanRequest, type PlannerCatalogue, UNPLANNED_KINDS } from './planner.ts';

export interface LlmFlowPlannerOptions {
  apiKey: string;
  /** e.g. https://api.openai.com/v1 (no trailing slash). */
  baseUrl: string;
  model: string;
  fallback: FlowPlanner;
  timeoutMs?: number;
  /** Told why the LLM's answer was not used (never with the key). */
  onFallback?: (reason: string) => void;
  fetch?: typeof fetch;
}

/** The instructions: the answer's shape, the rules of wires, and the offered kinds. */
export function flowSystemPrompt(catalogue: PlannerCatalogue, hasImage: boolean): string {
  // A template kind is only worth naming with the templates it can use.
  const kinds = catalogue.kinds.filter((k) => !UNPLANNED_KINDS.has(k) && (!isTemplateKind(k) || (catalogue.templates[k]?.length ?? 0) > 0));
  return [
    'You plan generation flows for Tessera, an AI image and video studio. A flow is input nodes (a text, or the image the user gave) and steps; wires carry an output into one input port of a later step.',
    'Answer with one JSON object only, no prose around it:',
    '{"steps": [{"id": string, "kind": string, "settings": object, "model"?: string}], "inputs": [{"id": string, "port": "text"|"image", "value": string}], "wires": [{"from": string, "to": string, "toPort": string}], "notes": [string]}',
    '- ids are short and unique across inputs and steps (e.g. "prompt", "s1").',
    '- A wire goes from an input or a step to a port of a later step. Port types must match: a text input feeds a text port; an image (an image input, or a step whose output is image) feeds an image port; a video step feeds a video port. One wire per port; no loops.',
    '- Every required port (no "?") of a step needs a wire. A text port can instead be a setting with the same name.',
    '- settings: only the settings listed for the kind; leave out what should keep its default. Prompts are detailed English.',
    '- model: leave it out unless the user names one of the kind\'s models.',
    '- notes: short sentences saying what you could not do from the brief.',
    hasImage
      ? `- The user gave an image: use one input {"port": "image", "value": "IMAGE"} for it.`
      : '- The user gave no image: there is no image input; start from a text input.',
    'Kinds offered (kind → output; ports; settings):',
    ...kinds.map((kind) => describeKind(kind, catalogue.templates[kind] ?? [])),
    ...kinds.filter((kind) => (catalogue.models[kind]?.length ?? 0) > 1).map((kind) => `Models for ${kind}: ${(catalogue.models[kind] ?? []).join(', ')}.`),
  ].join('\n');
}

/** The proposal inside a chat-completions response body; throws when there is none. */
export function proposalFromCompletion(body: unknown, imageKey: string | undefined): FlowProposal {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('no message content in the completion');
  // Some compatible servers wrap JSON in a Markdown fence despite response_format.
  const raw = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, '')) as unknown;
  const parsed = zFlowProposal.safeParse(raw);
  if (!parsed.success) throw new Error(`the flow does not match the schema: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  // The model names the given image "IMAGE"; the server puts the real key in.
  return { ...parsed.data, inputs: parsed.data.inputs.map((i) => (i.port === 'image' && imageKey && i.value === 'IMAGE' ? { ...i, value: imageKey } : i)) };
}

export class LlmFlowPlanner implements FlowPlanner {
  constructor(private readonly opts: LlmFlowPlannerOptions) {}

  async plan(request: FlowPlanRequest): Promise<FlowPlannerAnswer> {
    try {
      return { proposal: await this.ask(request), planner: 'llm' };
    } catch (error) {
      this.opts.onFallback?.(error instanceof Error ? error.message : String(error));
      const answer = await this.opts.fallback.plan(request);
      return { proposal: { ...answer.proposal, notes: [flowNote('llm_failed'), ...answer.proposal.notes] }, planner: 'local' };
    }
  }

  private async ask(request: FlowPlanRequest): Promise<FlowProposal> {
    const response = await (this.opts.fetch ?? fetch)(`${this.opts.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.opts.apiKey}` },
      body: JSON.stringify({
        model: this.opts.model,
        messages: [
          { role: 'system', content: flowSystemPrompt(request.catalogue, Boolean(request.imageKey)) },
          { role: 'user', content: request.brief },
        ],
        response_format: { type: 'json_object' },
        temperature: 0.2,
      }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? LLM_TIMEOUT_MS),
    });
    // The status only: an error body may echo request headers, and the key must never reach a log.
    if (!response.ok) throw new Error(`the planner API answered ${response.status}`);
    return proposalFromCompletion(await response.json(), request.imageKey);
  }
}
