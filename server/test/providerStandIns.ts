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
// Every submit is checked against the model's documented input schema (standIns/documented.ts,
// written from the providers' docs independently of the catalogue): an unknown model is 404, a
// parameter the model does not document or a missing required one is 422 in the provider's own
// error shape. Every file input is downloaded from the URL given (our signed media links) and
// checked to be the image, video or sound the model expects. Answers follow the documented
// output of that model.
//
// `mode` makes a stand-in misbehave as the real services do: `fail` (the model fails),
// `rateLimitOnce` (the first submit answers 429 with Retry-After: 1), `hang` (never completes,
// for cancellation), `rejectSubmit` (fal refuses the submit itself: 422 with `detail`),
// `moderate` (the provider refuses the prompt for its content), `unsafeOutput` (fal flags the
// result with `has_nsfw_concepts`).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { DOCUMENTED, type DocumentedEndpoint, type StandInFiles } from './standIns/documented.ts';

const execFileAsync = promisify(execFile);

export type StandInMode = 'ok' | 'fail' | 'rateLimitOnce' | 'hang' | 'rejectSubmit' | 'moderate' | 'unsafeOutput';

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
  /** Input file URLs the stand-in downloaded (and checked) for submitted jobs. */
  fetched: string[];
  close(): Promise<void>;
}

/**
 * Real result files, made once per process: a 1 s H.264+AAC MP4 (320×240 with a tone), a PNG
 * with an alpha channel (a subject on a transparent border, as cut-out models answer) and a
 * 1 s WAV.
 */
interface ResultFiles {
  png: Buffer;
  mp4: Buffer;
  wav: Buffer;
}
let files: ResultFiles | null = null;
async function resultFiles(): Promise<ResultFiles> {
  if (files) return files;
  const dir = mkdtempSync(join(tmpdir(), 'standin-'));
  try {
    const mp4 = join(dir, 'clip.mp4');
    const wav = join(dir, 'sound.wav');
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=24:duration=1', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', mp4]);
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=1', wav]);
    const subject = await sharp({ create: { width: 384, height: 256, channels: 4, background: { r: 136, g: 68, b: 34, alpha: 1 } } }).png().toBuffer();
    const png = await sharp({ create: { width: 512, height: 384, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: subject, left: 64, top: 64 }])
      .png()
      .toBuffer();
    files = { png, mp4: readFileSync(mp4), wav: readFileSync(wav) };
    return files;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The URLs of the stand-in's result files. */
function fileUrls(origin: string): StandInFiles {
  return { image: `${origin}/files/result.png`, video: `${origin}/files/result.mp4`, audio: `${origin}/files/result.wav` };
}

/** Every value at a dotted path of a request body; `[]` after a segment takes each element. */
function valuesAtPath(body: unknown, path: string): unknown[] {
  let values: unknown[] = [body];
  for (const segment of path.split('.')) {
    const each = segment.endsWith('[]');
    const key = each ? segment.slice(0, -2) : segment;
    values = values.flatMap((value) => {
      const child = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
      if (child === undefined || child === null) return [];
      return each ? (Array.isArray(child) ? child : []) : [child];
    });
  }
  return values;
}

/** Downloads an input file as the provider would and checks it is what the model takes; null when fine. */
async function checkInputFile(url: unknown, type: 'image' | 'video' | 'audio'): Promise<string | null> {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return `expected a URL, got ${typeof url === 'string' ? url.slice(0, 40) : typeof url}`;
  const res = await fetch(url).catch(() => null);
  if (!res?.ok) return `Failed to download the file from ${url} (${res?.status ?? 'network error'})`;
  const data = Buffer.from(await res.arrayBuffer());
  if (type === 'image') {
    const meta = await sharp(data)
      .metadata()
      .catch(() => null);
    return meta?.width ? null : 'The file is not a valid image';
  }
  // Asynchronously: the stand-in shares its process (and event loop) with the app under test.
  const dir = await mkdtemp(join(tmpdir(), 'standin-in-'));
  try {
    const path = join(dir, 'input');
    await writeFile(path, data);
    const { stdout } = await execFileAsync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', path], { encoding: 'utf8' });
    return stdout.split('\n').some((line) => line.trim() === type) ? null : `The file has no ${type} stream`;
  } catch {
    return `The file is not a valid ${type}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Checks a submit against the model's documented schema and downloads its file inputs. Answers
 * the documented endpoint, or the problems in a list (field path + message) for a 422.
 */
async function checkSubmit(key: string, input: unknown, state: StandIn): Promise<{ endpoint: DocumentedEndpoint } | { missing: true } | { problems: { loc: string[]; msg: string }[] }> {
  const endpoint = DOCUMENTED[key];
  if (!endpoint) return { missing: true };
  const parsed = endpoint.input.safeParse(input);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => ({ loc: issue.path.map(String), msg: issue.message })) };
  const problems: { loc: string[]; msg: string }[] = [];
  for (const [path, type] of Object.entries(endpoint.media)) {
    for (const url of valuesAtPath(input, path)) {
      state.fetched.push(String(url));
      const problem = await checkInputFile(url, type);
      if (problem) problems.push({ loc: path.split('.'), msg: problem });
    }
  }
  return problems.length ? { problems } : { endpoint };
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
  const { png, mp4, wav } = await resultFiles();
  const state: StandIn = { origin: '', hostPort: '', requests: [], mode: 'ok', fetched: [], close: async () => {} };
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      if (req.method === 'GET' && path === '/files/result.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (req.method === 'GET' && path === '/files/result.mp4') return void res.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4);
      if (req.method === 'GET' && path === '/files/result.wav') return void res.writeHead(200, { 'content-type': 'audio/wav' }).end(wav);
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
  input: Record<string, unknown>;
  endpoint: DocumentedEndpoint;
  polls: number;
  mode: StandInMode;
  canceled: boolean;
  completed: boolean;
  /** The `fal_webhook` URL the submit named, if any. */
  webhook: string | null;
}

export interface FalStandIn extends StandIn {
  key: string;
  /** Queue requests by id. */
  queue: Map<string, FalRequest>;
  /** Its JWKS (`/.well-known/jwks.json`): the Ed25519 key its webhooks are signed with. */
  jwksUrl: string;
  /** Where webhooks really go: the origin of the app under test (the path is the `fal_webhook` URL's). */
  webhookTarget: string | null;
  /** Status codes our webhook endpoint answered, in order. */
  webhookAnswers: number[];
  /** Signs a delivery as fal does (for tests that forge or replay one). */
  signWebhook(requestId: string, timestamp: number, body: string): string;
}

/** The fal account id its webhooks name (`X-Fal-Webhook-User-Id`). */
const FAL_USER_ID = 'standin-user';

export async function startFalStandIn(key = `fal-${randomBytes(6).toString('hex')}`): Promise<FalStandIn> {
  const queue = new Map<string, FalRequest>();
  const signing = generateKeyPairSync('ed25519');
  const jwk = signing.publicKey.export({ format: 'jwk' });
  const signFal = (requestId: string, timestamp: number, body: string) =>
    sign(null, Buffer.from(`${requestId}\n${FAL_USER_ID}\n${timestamp}\n${createHash('sha256').update(body).digest('hex')}`), signing.privateKey).toString('hex');
  const box: { self: FalStandIn | null } = { self: null };

  /** fal's completion webhook: `{ request_id, gateway_request_id, status, payload }`, signed. */
  async function deliver(request: FalRequest, origin: string): Promise<void> {
    const self = box.self!;
    if (!request.webhook || !self.webhookTarget) return;
    const ok = request.mode !== 'fail';
    const payload = ok ? request.endpoint.output(fileUrls(origin), request.input) : { detail: [{ loc: ['body'], msg: 'Model inference failed', type: 'model_error' }] };
    const body = JSON.stringify({ request_id: request.id, gateway_request_id: request.id, status: ok ? 'OK' : 'ERROR', payload, ...(ok ? {} : { error: 'Invalid status code: 422' }) });
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await fetch(`${self.webhookTarget}${new URL(request.webhook).pathname}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-fal-webhook-request-id': request.id,
        'x-fal-webhook-user-id': FAL_USER_ID,
        'x-fal-webhook-timestamp': String(timestamp),
        'x-fal-webhook-signature': signFal(request.id, timestamp, body),
      },
      body,
    });
    self.webhookAnswers.push(res.status);
  }

  const { standIn } = await startServer(async (req, res, path, body, state) => {
    if (req.method === 'GET' && path === '/.well-known/jwks.json') return send(res, 200, { keys: [{ ...jwk, kid: 'standin-1', use: 'sig', alg: 'EdDSA' }] });
    if (req.headers.authorization !== `Key ${key}`) return send(res, 401, { detail: 'Invalid Key' });
    const parts = path.split('/').filter(Boolean);
    const at = parts.indexOf('requests');
    if (at === -1) {
      if (req.method !== 'POST') return send(res, 405, { detail: 'Method Not Allowed' });
      if (rateLimited(state, res, { detail: 'Too many requests' })) return;
      if (state.mode === 'rejectSubmit') return send(res, 422, { detail: [{ loc: ['body', 'image_url'], msg: 'Unsupported image', type: 'value_error' }] });
      if (state.mode === 'moderate') {
        return send(res, 422, { detail: [{ loc: ['body', 'prompt'], msg: 'The content could not be processed because it contained material flagged by a content checker.', type: 'content_policy_violation' }] });
      }
      const model = parts.join('/');
      const checked = await checkSubmit(`fal:${model}`, body, state);
      if ('missing' in checked) return send(res, 404, { detail: `Application '${model}' not found` });
      if ('problems' in checked) return send(res, 422, { detail: checked.problems.map((p) => ({ loc: ['body', ...p.loc], msg: p.msg, type: 'value_error' })) });
      const id = randomBytes(12).toString('hex');
      const webhook = new URL(req.url ?? '/', state.origin).searchParams.get('fal_webhook');
      const request: FalRequest = { id, model, input: body as Record<string, unknown>, endpoint: checked.endpoint, polls: 0, mode: state.mode, canceled: false, completed: false, webhook };
      queue.set(id, request);
      // The "model" finishes shortly after the submit (or after two status polls, whichever is first).
      if (request.mode !== 'hang') {
        setTimeout(() => {
          if (request.canceled) return;
          request.completed = true;
          void deliver(request, state.origin).catch(() => box.self!.webhookAnswers.push(0));
        }, 150);
      }
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
    const done = request.mode !== 'hang' && (request.polls >= 2 || request.completed);
    if (action === 'status' && req.method === 'GET') {
      request.polls += 1;
      return send(res, 200, done ? { status: 'COMPLETED', response_url: `${state.origin}${path.replace(/\/status$/, '')}` } : { status: request.polls > 1 ? 'IN_PROGRESS' : 'IN_QUEUE', queue_position: 0 });
    }
    if (action === undefined && req.method === 'GET') {
      if (!done) return send(res, 400, { detail: 'Request is still in progress' });
      if (request.mode === 'fail') return send(res, 422, { detail: [{ loc: ['body'], msg: 'Model inference failed', type: 'model_error' }] });
      const answer = request.endpoint.output(fileUrls(state.origin), request.input) as Record<string, unknown>;
      return send(res, 200, request.mode === 'unsafeOutput' ? { ...answer, has_nsfw_concepts: [true] } : answer);
    }
    return send(res, 405, { detail: 'Method Not Allowed' });
  });
  const fal = standIn as FalStandIn;
  box.self = fal;
  fal.key = key;
  fal.queue = queue;
  fal.jwksUrl = `${fal.origin}/.well-known/jwks.json`;
  fal.webhookTarget = null;
  fal.webhookAnswers = [];
  fal.signWebhook = signFal;
  return fal;
}

// ---------------------------------------------------------------------------------------------
// Replicate

interface Prediction {
  id: string;
  version: string;
  input: Record<string, unknown>;
  endpoint: DocumentedEndpoint;
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
        } else if (p.mode === 'moderate') {
          p.status = 'failed';
          p.error = 'NSFW content detected. Try running it again, or try a different prompt. (E005)';
        } else {
          p.status = 'succeeded';
          p.output = p.endpoint.output(fileUrls(me().origin), p.input);
        }
        void deliver(p).catch(() => me().webhookAnswers.push(0));
      }, 150);
    }, 50);
  }

  const problem = (res: ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}) =>
    send(res, status, { type: `https://replicate.com/docs/reference/http#${status}`, title, detail, status }, headers);

  const { standIn } = await startServer(async (req, res, path, body, state) => {
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
      const checked = await checkSubmit(`replicate:${b.version}`, b.input, state);
      if ('missing' in checked) return problem(res, 404, 'Not found', `The requested model ${b.version} could not be found.`);
      if ('problems' in checked) {
        const detail = checked.problems.map((p) => `${p.loc.join('.') || 'input'}: ${p.msg}`).join('\n');
        return send(res, 422, { title: 'Input validation failed', detail, status: 422, invalid_fields: checked.problems.map((p) => ({ type: 'invalid', field: p.loc.join('.'), description: p.msg })) });
      }
      const p: Prediction = {
        id: randomBytes(10).toString('hex'),
        version: b.version,
        input: b.input as Record<string, unknown>,
        endpoint: checked.endpoint,
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
    const checked = await checkSubmit(`openai:${String(b.model)}`, body, state);
    if ('missing' in checked) return error(res, 404, `The model '${String(b.model)}' does not exist.`, 'invalid_request_error', 'model_not_found');
    if ('problems' in checked) return error(res, 400, checked.problems.map((p) => `${p.loc.join('.')}: ${p.msg}`).join('; '), 'invalid_request_error', 'invalid_value');
    const size = typeof b.size === 'string' ? b.size : '1024x1024';
    if (!SIZES.has(size)) return error(res, 400, `Invalid value: '${size}'.`, 'invalid_request_error', 'invalid_value');
    if (state.mode === 'fail' || state.mode === 'moderate') {
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
