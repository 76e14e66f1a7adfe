/**
 * Helpers for integration tests of the video kinds: test clips made by ffmpeg's own sources,
 * ffprobe and volumedetect readings of the results, and running a kind through its public RPC
 * and the queue until the task ends (on the user's socket), or expecting it refused with nothing
 * held. Each takes the test file's app, so every file keeps its own database.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { insertMediaObject } from '../src/media/media.repo.ts';
import { grantCredits } from '../src/modules/credits/credits.service.ts';
import { connectTestSocket, creditSummary, rpc, signInAnonymously, type TestApp, type TestUser, uploadFile } from './harness.ts';

export const run$ = promisify(execFile);

/**
 * A test clip in `dir` made by ffmpeg's test source: `seconds` long, `width`×`height`, 12 fps,
 * with no audio or, given `toneHz`, a sine tone of that frequency as its (stereo) sound.
 */
export async function makeClip(dir: string, seconds: number, width: number, height: number, toneHz?: number): Promise<Buffer> {
  const path = join(dir, `${randomUUID()}.mp4`);
  const tone = toneHz ? ['-f', 'lavfi', '-i', `sine=f=${toneHz}:d=${seconds}:r=44100`, '-ac', '2', '-c:a', 'aac', '-shortest'] : [];
  await run$('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=${width}x${height}:r=12:d=${seconds}`, ...tone, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
  return readFile(path);
}

export interface Probe {
  video: { codec: string; width: number; height: number };
  audio: string | null;
  durationS: number;
}

/** Writes `data` into `dir` and answers its path. */
export async function saveTemp(dir: string, data: Buffer): Promise<string> {
  const path = join(dir, `${randomUUID()}.mp4`);
  await writeFile(path, data);
  return path;
}

export async function probe(dir: string, data: Buffer): Promise<Probe> {
  const { stdout } = await run$('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', await saveTemp(dir, data)]);
  const parsed = JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[]; format: { duration: string } };
  const video = parsed.streams.find((s) => s.codec_type === 'video')!;
  return {
    video: { codec: video.codec_name, width: video.width!, height: video.height! },
    audio: parsed.streams.find((s) => s.codec_type === 'audio')?.codec_name ?? null,
    durationS: Number(parsed.format.duration),
  };
}

/** Mean volume (dBFS) of a file's audio, after the audio filter `filter` (e.g. a band-pass); −Infinity for digital silence. */
export async function meanVolume(dir: string, data: Buffer, filter = 'anull'): Promise<number> {
  const { stderr } = await run$('ffmpeg', ['-hide_banner', '-nostats', '-i', await saveTemp(dir, data), '-map', '0:a:0', '-af', `${filter},volumedetect`, '-f', 'null', '-']);
  const m = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
  if (!m) throw new Error(`no volume reading: ${stderr.slice(-400)}`);
  return m[1] === '-inf' ? -Infinity : Number(m[1]);
}

/** MD5 of a file's video packets (copied, not decoded): equal when the picture was passed through untouched. */
export async function videoPacketsMd5(dir: string, data: Buffer): Promise<string> {
  const { stdout } = await run$('ffmpeg', ['-v', 'error', '-i', await saveTemp(dir, data), '-map', '0:v:0', '-c', 'copy', '-f', 'md5', '-']);
  return stdout.trim();
}

export type Outcome = { ok: true; id: string; url: string; mediaType: string } | { ok: false; code: string; message: string };

/** Submits a task and waits for its end on the user's socket. */
export async function runTask(t: TestApp, user: TestUser, path: string, input: object): Promise<Outcome> {
  const socket = await connectTestSocket(t.app, user.cookie);
  const ended = new Map<string, Outcome>();
  let wanted = '';
  let resolve: (o: Outcome) => void = () => {};
  const settle = (id: string, outcome: Outcome) => (id === wanted ? resolve(outcome) : ended.set(id, outcome));
  socket.on('task:succeeded', (p) => settle(p.id, { ok: true, id: p.id, url: p.outputs[0]!.url, mediaType: p.outputs[0]!.mediaType }));
  socket.on('task:failed', (p) => settle(p.id, { ok: false, code: p.code, message: p.message }));
  const created = await rpc(t.app, user.cookie, path, input);
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  wanted = created.body.result.data.id;
  const outcome = ended.get(wanted) ?? (await new Promise<Outcome>((r) => (resolve = r)));
  socket.disconnect();
  return outcome;
}

export async function fetchMedia(t: TestApp, user: TestUser, url: string): Promise<Buffer> {
  const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Runs a kind to success and answers the MP4 it made. */
export async function runToVideo(t: TestApp, user: TestUser, path: string, input: object): Promise<Buffer> {
  const outcome = await runTask(t, user, path, input);
  expect(outcome, path).toMatchObject({ ok: true, mediaType: 'video' });
  if (!outcome.ok) throw new Error(outcome.message);
  return fetchMedia(t, user, outcome.url);
}

/** Uploads a file through the upload route and answers its media key. */
export async function uploadMedia(t: TestApp, user: TestUser, data: Buffer, filename: string, contentType: string): Promise<string> {
  const res = await uploadFile(t.app, user.cookie, data, filename, contentType);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key;
}

export function uploadVideo(t: TestApp, user: TestUser, data: Buffer, filename = 'clip.mp4'): Promise<string> {
  return uploadMedia(t, user, data, filename, 'video/mp4');
}

/**
 * Stores a video as media of `user` without the upload route (whose 3–30 s check would refuse it):
 * a file imported before the rule, or made elsewhere — the generation path must check it itself.
 */
export async function storeDirectly(t: TestApp, user: TestUser, data: Buffer): Promise<string> {
  const key = `u/${user.id}/up-${randomUUID()}.mp4`;
  await t.app.services.storage.put(key, data, 'video/mp4');
  await insertMediaObject(t.database.db, { key, userId: user.id, origin: 'upload', contentType: 'video/mp4', sizeBytes: data.length });
  return key;
}

/** An anonymous user granted `amount` credits. */
export async function richUser(t: TestApp, amount = 500): Promise<TestUser> {
  const user = await signInAnonymously(t.app);
  await grantCredits(t.database.db, { userId: user.id, sourceKind: 'admin', sourceId: `video-test-${user.id}`, amount, note: 'video tests' });
  return user;
}

/**
 * Expects `path` to refuse `input` with `message` (the error's, or for input the schema refuses
 * the field issue's) and to hold nothing.
 */
export async function expectRefused(t: TestApp, user: TestUser, path: string, input: object, message: string) {
  const before = await creditSummary(t.app, user.cookie);
  const res = await rpc(t.app, user.cookie, path, input);
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  const issues: { message: string }[] = res.body.error.data.issues ?? [];
  expect([res.body.error.message, ...issues.map((i) => i.message)]).toContain(message);
  expect(await creditSummary(t.app, user.cookie)).toEqual(before);
}
