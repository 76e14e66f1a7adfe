// Local stand-ins for the hosted model APIs the generation providers call, for tests. Each is a
// real HTTP server on 127.0.0.1 speaking the provider's documented wire protocol, recording every
// request, and serving real result files (a PNG made with sharp, an MP4 made with ffmpeg) from
// `/files/…` on the same server, so downloads go through the real SSRF-safe fetcher.
//
//  - fal queue: `POST /{model…}` (Authorization: Key <key>) → `{ request_id, response_url,
//    status_url, cancel_url, queue_position }`; `GET /{owner}/{app}/requests/{id}/status` →
//    `{ status: IN_QUEUE | IN_PROGRESS | COMPLETED, queue_position? }`; `GET …/requests/{id}` →
//    the model output (`{ images: [{ url, width, height, content_type }] }` or `{ video: { url } }`),
//    or 422 `{ detail: [...] }` when the model failed; `PUT …/requests/{id}/cancel` → 202
//    `{ status: 'CANCELLATION_REQUESTED' }`. Errors are `{ detail }`.
//  - Replicate: `POST /v1/predictions` (Authorization: Bearer <token>) → 201 prediction
//    `{ id, model, version, input, status: 'starting', output: null, error: null, urls: { get,
//    cancel } }`; `GET /v1/predictions/{id}`; `POST /v1/predictions/{id}/cancel`. Errors are
//    problem details `{ title, detail, status }`. When a prediction carries `webhook`, completion
//    POSTs it signed the Standard Webhooks way (webhook-id / webhook-timestamp /
//    webhook-signature, HMAC-SHA256 with the whsec_ secret) to `webhookTarget`'s origin.
//  - OpenAI images: `POST /v1/images/generations` (Authorization: Bearer <key>) → `{ created,
//    data: [{ b64_json }] }`; errors `{ error: { message, type, param, code } }`.
//
// `mode` makes a stand-in misbehave as the real services do: `fail` (the model fails),
// `rateLimitOnce` (the first submit answers 429 with Retry-After: 1), `hang` (never completes,
// for cancellation), `rejectSubmit` (fal refuses the submit itself: 422 with `detail`).
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export type StandInMode = 'ok' | 'fail' | 'rateLimitOnce' | 'hang' | 'rejectSubmit';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  at: number;
}

export interface StandIn {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`, for the download allow-list. */
  hostPort: string;
  requests: RecordedRequest[];
  mode: StandInMode;
  close(): Promise<void>;
}

/** A real 1 s H.264 MP4 (320×240) and a real PNG, made once per process. */
let files: { png: Buffer; mp4: Buffer } | null = null;
async function resultFiles(): Promise<{ png: Buffer; mp4: Buffer }> {
  if (files) return files;
  const dir = mkdtempSync(join(tmpdir(), 'standin-'));
  try {
    const path = join(dir, 'clip.mp4');
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=24:duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', path]);
    const png = await sharp({ create: { width: 512, height: 384, channels: 3, background: '#884422' } }).png().toBuffer();
    files = { png, mp4: readFileSync(path) };
    return files;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') out[k] = v;
  return out;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

type Handler = (req: IncomingMessage, res: ServerResponse, path: string, body: unknown, state: StandIn) => Promise<void> | void;

async function startServer(handler: Handler): Promise<{ server: Server; standIn: StandIn }> {
  const { png, mp4 } = await resultFiles();
  const state: StandIn = { origin: '', hostPort: '', requests: [], mode: 'ok', close: async () => {} };
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      if (req.method === 'GET' && path === '/files/result.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (req.method === 'GET' && path === '/files/result.mp4') return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4);
      const body = await readJson(req);
      state.requests.push({ method: req.method ?? 'GET', path, headers: headersOf(req), body, at: Date.now() });
      await handler(req, res, path, body, state);
    })().catch((error: unknown) => send(res, 500, { detail: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  state.origin = `http://127.0.0.1:${port}`;
  state.hostPort = `127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { server, standIn: state };
}

/** Answers 429 once per stand-in in `rateLimitOnce` mode; true when it did. */
function rateLimited(state: StandIn, res: ServerResponse, body: unknown): boolean {
  if (state.mode !== 'rateLimitOnce') return false;
  state.mode = 'ok';
  send(res, 429, body, { 'retry-after': '1' });
  return true;
}

// ---------------------------------------------------------------------------------------------
// fal

interface FalRequest {
  id: string;
  model: string;
  polls: number;
  mode: StandInMode;
  canceled: boolean;
}

export interface FalStandIn extends StandIn {
  key: string;
  /** Queue requests by id. */
  queue: Map<string, FalRequest>;
}

export async function startFalStandIn(key = `fal-${randomBytes(6).toString('hex')}`): Promise<FalStandIn> {
  const queue = new Map<string, FalRequest>();
  const { standIn } = await startServer((req, res, path, _body, state) => {
    if (req.headers.authorization !== `Key ${key}`) return send(res, 401, { detail: 'Invalid Key' });
    const parts = path.split('/').filter(Boolean);
    const at = parts.indexOf('requests');
    if (at === -1) {
      if (req.method !== 'POST') return send(res, 405, { detail: 'Method Not Allowed' });
      if (rateLimited(state, res, { detail: 'Too many requests' })) return;
      if (state.mode === 'rejectSubmit') return send(res, 422, { detail: [{ loc: ['body', 'image_url'], msg: 'Unsupported image', type: 'value_error' }] });
      const id = randomBytes(12).toString('hex');
      queue.set(id, { id, model: parts.join('/'), polls: 0, mode: state.mode, canceled: false });
      // Status and result URLs use the app id (owner/app), without the model's subpath.
      const base = `${state.origin}/${parts.slice(0, 2).join('/')}/requests/${id}`;
      return send(res, 200, { request_id: id, response_url: base, status_url: `${base}/status`, cancel_url: `${base}/cancel`, queue_position: 0 });
    }
    const request = queue.get(parts[at + 1] ?? '');
    if (!request) return send(res, 404, { detail: 'Request not found' });
    const action = parts[at + 2];
    if (action === 'cancel' && req.method === 'PUT') {
      request.canceled = true;
      return send(res, 202, { status: 'CANCELLATION_REQUESTED' });
    }
    const done = request.mode !== 'hang' && request.polls >= 2;
    if (action === 'status' && req.method === 'GET') {
      request.polls += 1;
      return send(res, 200, done ? { status: 'COMPLETED', response_url: `${state.origin}${path.replace(/\/status$/, '')}` } : { status: request.polls > 1 ? 'IN_PROGRESS' : 'IN_QUEUE', queue_position: 0 });
    }
    if (action === undefined && req.method === 'GET') {
      if (!done) return send(res, 400, { detail: 'Request is still in progress' });
      if (request.mode === 'fail') return send(res, 422, { detail: [{ loc: ['body'], msg: 'Model inference failed', type: 'model_error' }] });
      if (/video|t2v|i2v/.test(request.model)) return send(res, 200, { video: { url: `${state.origin}/files/result.mp4`, content_type: 'video/mp4' } });
      return send(res, 200, { images: [{ url: `${state.origin}/files/result.png`, width: 512, height: 384, content_type: 'image/png' }], seed: 1, has_nsfw_concepts: [false] });
    }
    return send(res, 405, { detail: 'Method Not Allowed' });
  });
  const fal = standIn as FalStandIn;
  fal.key = key;
  fal.queue = queue;
  return fal;
}

// ---------------------------------------------------------------------------------------------
// Replicate

interface Prediction {
  id: string;
  version: string;
  input: unknown;
  status: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';
  output: unknown;
  error: string | null;
  webhook: string | null;
  mode: StandInMode;
}

export interface ReplicateStandIn extends StandIn {
  token: string;
  /** The whsec_ signing secret its webhooks use. */
  webhookSecret: string;
  predictions: Map<string, Prediction>;
  /** Where webhooks really go: the origin of the app under test (the path is the prediction's). */
  webhookTarget: string | null;
  /** Status codes our webhook endpoint answered, in order. */
  webhookAnswers: number[];
}

/** Signs a webhook body as Replicate does (Standard Webhooks). */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export async function startReplicateStandIn(token = `r8_${randomBytes(8).toString('hex')}`): Promise<ReplicateStandIn> {
  const predictions = new Map<string, Prediction>();
  const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
  // Filled in once the server listens; the handlers below only run after that.
  const box: { self: ReplicateStandIn | null } = { self: null };
  const me = () => box.self!;

  const view = (p: Prediction) => ({
    id: p.id,
    model: p.version,
    version: p.version,
    input: p.input,
    logs: '',
    output: p.output,
    error: p.error,
    status: p.status,
    created_at: new Date().toISOString(),
    urls: { get: `${me().origin}/v1/predictions/${p.id}`, cancel: `${me().origin}/v1/predictions/${p.id}/cancel` },
  });

  async function deliver(p: Prediction): Promise<void> {
    if (!p.webhook || !me().webhookTarget) return;
    const url = new URL(p.webhook);
    const body = JSON.stringify(view(p));
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await fetch(`${me().webhookTarget}${url.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(webhookSecret, id, timestamp, body) },
      body,
    });
    me().webhookAnswers.push(res.status);
  }

  /** Runs the "model": completes shortly after creation unless the prediction hangs. */
  function process(p: Prediction): void {
    setTimeout(() => {
      if (p.status === 'canceled') return;
      p.status = 'processing';
      if (p.mode === 'hang') return;
      setTimeout(() => {
        if (p.status === 'canceled') return;
        if (p.mode === 'fail') {
          p.status = 'failed';
          p.error = 'CUDA out of memory';
        } else {
          p.status = 'succeeded';
          p.output = [`${me().origin}/files/result.png`];
        }
        void deliver(p).catch(() => me().webhookAnswers.push(0));
      }, 150);
    }, 50);
  }

  const problem = (res: ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}) =>
    send(res, status, { type: `https://replicate.com/docs/reference/http#${status}`, title, detail, status }, headers);

  const { standIn } = await startServer((req, res, path, body, state) => {
    if (req.headers.authorization !== `Bearer ${token}`) return problem(res, 401, 'Unauthenticated', 'You did not pass a valid authentication token');
    const parts = path.split('/').filter(Boolean);
    if (parts[0] !== 'v1' || parts[1] !== 'predictions') return problem(res, 404, 'Not found', 'The requested resource could not be found.');
    if (parts.length === 2 && req.method === 'POST') {
      if (state.mode === 'rateLimitOnce') {
        state.mode = 'ok';
        return problem(res, 429, 'Request was throttled.', 'Request was throttled. Expected available in 1 second.', { 'retry-after': '1' });
      }
      const b = (body ?? {}) as { version?: unknown; input?: unknown; webhook?: unknown };
      if (typeof b.version !== 'string' || typeof b.input !== 'object') return problem(res, 422, 'Input validation failed', 'version and input are required');
      const p: Prediction = {
        id: randomBytes(10).toString('hex'),
        version: b.version,
        input: b.input,
        status: 'starting',
        output: null,
        error: null,
        webhook: typeof b.webhook === 'string' ? b.webhook : null,
        mode: state.mode,
      };
      predictions.set(p.id, p);
      process(p);
      return send(res, 201, view(p));
    }
    const p = predictions.get(parts[2] ?? '');
    if (!p) return problem(res, 404, 'Not found', 'Prediction not found.');
    if (parts.length === 3 && req.method === 'GET') return send(res, 200, view(p));
    if (parts[3] === 'cancel' && req.method === 'POST') {
      if (p.status === 'starting' || p.status === 'processing') p.status = 'canceled';
      return send(res, 200, view(p));
    }
    return problem(res, 405, 'Method not allowed', 'Method not allowed.');
  });
  const self = standIn as ReplicateStandIn;
  box.self = self;
  self.token = token;
  self.webhookSecret = webhookSecret;
  self.predictions = predictions;
  self.webhookTarget = null;
  self.webhookAnswers = [];
  return self;
}

// ---------------------------------------------------------------------------------------------
// OpenAI images

export interface OpenAiImagesStandIn extends StandIn {
  key: string;
  /** The base URL to configure (OPENAI_BASE_URL), ending in /v1. */
  baseUrl: string;
}

const SIZES = new Set(['1024x1024', '1536x1024', '1024x1536', 'auto']);

export async function startOpenAiImagesStandIn(key = `sk-test-${randomBytes(8).toString('hex')}`): Promise<OpenAiImagesStandIn> {
  const error = (res: ServerResponse, status: number, message: string, type: string, code: string | null, headers: Record<string, string> = {}) =>
    send(res, status, { error: { message, type, param: null, code } }, headers);
  const { standIn } = await startServer(async (req, res, path, body, state) => {
    if (req.headers.authorization !== `Bearer ${key}`) return error(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    if (req.method !== 'POST' || path !== '/v1/images/generations') return error(res, 404, 'Invalid URL', 'invalid_request_error', null);
    if (state.mode === 'rateLimitOnce') {
      state.mode = 'ok';
      return error(res, 429, 'Rate limit reached for images per minute.', 'requests', 'rate_limit_exceeded', { 'retry-after': '1' });
    }
    const b = (body ?? {}) as { model?: unknown; prompt?: unknown; size?: unknown; n?: unknown };
    if (typeof b.prompt !== 'string' || !b.prompt) return error(res, 400, "Missing required parameter: 'prompt'.", 'invalid_request_error', 'missing_required_parameter');
    const size = typeof b.size === 'string' ? b.size : '1024x1024';
    if (!SIZES.has(size)) return error(res, 400, `Invalid value: '${size}'.`, 'invalid_request_error', 'invalid_value');
    if (state.mode === 'fail') {
      return error(res, 400, 'Your request was rejected as a result of our safety system.', 'image_generation_user_error', 'content_policy_violation');
    }
    const [w, h] = (size === 'auto' ? '1024x1024' : size).split('x').map(Number) as [number, number];
    const png = await sharp({ create: { width: w, height: h, channels: 3, background: '#2266aa' } }).png().toBuffer();
    send(res, 200, { created: Math.floor(Date.now() / 1000), data: [{ b64_json: png.toString('base64') }], usage: { total_tokens: 100, input_tokens: 10, output_tokens: 90 } });
  });
  const openai = standIn as OpenAiImagesStandIn;
  openai.key = key;
  openai.baseUrl = `${openai.origin}/v1`;
  return openai;
}
