// A stand-in for an OpenAI-compatible chat-completions API, for tests of the chat's LLM planner.
// It is a real HTTP server on 127.0.0.1 speaking the protocol's wire format:
//   POST /v1/chat/completions with `Authorization: Bearer <key>` and a JSON body
//   `{ model, messages: [{ role, content }], response_format?, temperature? }`
//   → 200 `{ id, object: 'chat.completion', created, model, choices: [{ index, message: { role:
//   'assistant', content }, finish_reason }], usage }`;
//   a wrong key → 401 and a malformed body → 400, both in OpenAI's error shape
//   `{ error: { message, type, param, code } }`.
// `mode` makes it misbehave the ways a real service does: answer 500, answer prose instead of
// JSON, or never answer (the caller's timeout must fire).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CompletionMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface RecordedCompletion {
  authorization: string | undefined;
  model: string;
  messages: CompletionMessage[];
  responseFormat: unknown;
}

export type StandInMode = 'ok' | 'error' | 'prose' | 'hang';

export interface OpenAiStandIn {
  /** The base URL to configure (`OPENAI_BASE_URL`), ending in /v1. */
  baseUrl: string;
  /** Every well-formed, authorised request, oldest first. */
  requests: RecordedCompletion[];
  mode: StandInMode;
  close(): Promise<void>;
}

/**
 * What the stand-in's "model" answers: by default a plan naming the last user message, so tests
 * can tell its proposals from the local planner's.
 */
export type StandInAnswer = (messages: CompletionMessage[]) => unknown;

export const standInPlan: StandInAnswer = (messages) => {
  const last = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  return {
    reply: `Stand-in model: three takes on "${last}".`,
    proposals: [
      { prompt: `${last}, stand-in take one`, negativePrompt: 'blurry', aspectRatio: '16:9', label: 'Take one' },
      { prompt: `${last}, stand-in take two`, aspectRatio: '16:9', label: 'Take two' },
      { prompt: `${last}, stand-in take three`, aspectRatio: '1:1', label: 'Take three' },
    ],
  };
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

const openAiError = (message: string, type: string, code: string | null = null) => ({ error: { message, type, param: null, code } });

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function isMessages(value: unknown): value is CompletionMessage[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((m) => m && typeof m === 'object' && ['system', 'user', 'assistant'].includes((m as CompletionMessage).role) && typeof (m as CompletionMessage).content === 'string')
  );
}

/** Starts the stand-in on a free port; `apiKey` is the only key it accepts. */
export async function startOpenAiStandIn(opts: { apiKey: string; answer?: StandInAnswer; mode?: StandInMode }): Promise<OpenAiStandIn> {
  const answer = opts.answer ?? standInPlan;
  const state: { mode: StandInMode } = { mode: opts.mode ?? 'ok' };
  const requests: RecordedCompletion[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return sendJson(res, 404, openAiError(`Invalid URL (${req.method} ${req.url})`, 'invalid_request_error'));
      }
      const authorization = req.headers.authorization;
      if (authorization !== `Bearer ${opts.apiKey}`) {
        return sendJson(res, 401, openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      }
      let parsed: { model?: unknown; messages?: unknown; response_format?: unknown };
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        return sendJson(res, 400, openAiError('We could not parse the JSON body of your request.', 'invalid_request_error'));
      }
      if (typeof parsed.model !== 'string' || !isMessages(parsed.messages)) {
        return sendJson(res, 400, openAiError("'model' and 'messages' are required.", 'invalid_request_error'));
      }
      requests.push({ authorization, model: parsed.model, messages: parsed.messages, responseFormat: parsed.response_format });

      if (state.mode === 'hang') return; // never answers; close() drops the connection
      if (state.mode === 'error') {
        return sendJson(res, 500, openAiError('The server had an error while processing your request. Sorry about that!', 'server_error'));
      }
      const content = state.mode === 'prose' ? 'Sure! Here are some ideas: a fox in the snow, a fox at dawn.' : JSON.stringify(answer(parsed.messages));
      sendJson(res, 200, {
        id: `chatcmpl-${randomBytes(8).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: parsed.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: Math.ceil(body.length / 4), completion_tokens: Math.ceil(content.length / 4), total_tokens: Math.ceil((body.length + content.length) / 4) },
      });
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get mode() {
      return state.mode;
    },
    set mode(mode: StandInMode) {
      state.mode = mode;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
