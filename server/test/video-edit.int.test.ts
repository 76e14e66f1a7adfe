/**
 * Timeline export (`videoEdit.createVideoEdit`) through the public RPC, the queue, the
 * in-process workers and the local engine's ffmpeg render: two real uploaded clips joined with a
 * crossfade come out as one playable H.264/AAC MP4 of the timeline's length at the requested
 * size, and a timeline that uses someone else's private clip is refused before any credits are held.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { videoSizeFor } from '@tessera/shared/generation/video';
import { addClip, type Clip, emptyTimeline, type Timeline } from '@tessera/shared/timeline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, connectTestSocket, creditSummary, disconnectTestSockets, rpc, signInAnonymously, type TestApp, type TestUser, uploadFile } from './harness.ts';

const run = promisify(execFile);
let t: TestApp;
let dir: string;

/** A 480p test-pattern clip of `seconds` with a sine tone, made with ffmpeg. */
async function makeClip(name: string, seconds: number): Promise<Buffer> {
  const path = join(dir, name);
  await run('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=854x480:rate=25:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
  return readFile(path);
}

async function upload(user: TestUser, data: Buffer): Promise<{ url: string; durationS: number }> {
  const res = await uploadFile(t.app, user.cookie, data, 'clip.mp4', 'video/mp4');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const clip = (id: string, src: string, seconds: number, extra: Partial<Clip> = {}): Clip => ({
  id,
  type: 'clip',
  trackId: 'track-video',
  src,
  mediaType: 'video',
  sourceDurationS: seconds,
  start: 0,
  in: 0,
  out: seconds,
  volume: 1,
  ...extra,
});

interface Probe {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration: string };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tessera-video-edit-test-'));
  t = await buildTestApp({ config: { workerConcurrency: 1, engineThreads: 1 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  disconnectTestSockets();
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('timeline export on the local engine', () => {
  let owner: TestUser;
  let timeline: Timeline;
  const CROSSFADE = 0.5;

  beforeAll(async () => {
    owner = await signInAnonymously(t.app);
    const [three, four] = await Promise.all([makeClip('three.mp4', 3), makeClip('four.mp4', 4)]);
    const a = await upload(owner, three);
    const b = await upload(owner, four);
    timeline = addClip(addClip(emptyTimeline(), clip('a', a.url, a.durationS)), clip('b', b.url, b.durationS, { transition: { kind: 'crossfade', duration: CROSSFADE } }));
  });

  it('renders two clips with a crossfade into an H.264/AAC MP4 of the timeline length at the requested size', async () => {
    const socket = await connectTestSocket(t.app, owner.cookie);
    const progress: number[] = [];
    const outcome = new Promise<{ ok: boolean; url?: string; message?: string }>((resolve) => {
      socket.on('task:progress', (p) => progress.push(p.progress));
      socket.on('task:succeeded', (p) => resolve({ ok: true, url: p.outputs[0]?.url }));
      socket.on('task:failed', (p) => resolve({ ok: false, message: p.message }));
    });
    const before = await creditSummary(t.app, owner.cookie);
    const created = await rpc(t.app, owner.cookie, 'videoEdit.createVideoEdit', { timeline, resolution: '480p', aspectRatio: '16:9' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const result = await outcome;
    expect(result).toMatchObject({ ok: true });
    // 6.5 s of output: the minimum of 2 credits (one per started 10 s, at least 2).
    expect((await creditSummary(t.app, owner.cookie)).used).toBe(before.used + 2);
    expect(progress.length).toBeGreaterThan(0);

    const res = await t.app.inject({ url: result.url as string, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    const out = join(dir, 'export.mp4');
    await writeFile(out, res.rawPayload);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', out]);
    const probe = JSON.parse(stdout) as Probe;
    const video = probe.streams.find((s) => s.codec_type === 'video');
    const audio = probe.streams.find((s) => s.codec_type === 'audio');
    expect(video?.codec_name).toBe('h264');
    expect(audio?.codec_name).toBe('aac');
    expect(Math.abs(Number(probe.format.duration) - (3 + 4 - CROSSFADE))).toBeLessThanOrEqual(0.1);
    const size = videoSizeFor('16:9', '480p');
    expect({ width: video?.width, height: video?.height }).toEqual(size);
    // faststart: the index (moov) comes before the media data, so playback starts while downloading.
    const bytes = res.rawPayload;
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    socket.disconnect();
  });

  it("refuses a timeline using another user's private clip, holding no credits", async () => {
    const other = await signInAnonymously(t.app);
    const own = await upload(other, await makeClip('mine.mp4', 3));
    const before = await creditSummary(t.app, other.cookie);
    const stolen = addClip(addClip(emptyTimeline(), clip('x', own.url, own.durationS)), clip('y', timeline.clips[0]!.src, 3));
    const res = await rpc(t.app, other.cookie, 'videoEdit.createVideoEdit', { timeline: stolen, resolution: '480p' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Video not found.');
    expect(await creditSummary(t.app, other.cookie)).toEqual(before);
    const tasks = await rpc(t.app, other.cookie, 'task.list', undefined, 'GET');
    expect(tasks.body.result.data).toEqual([]);
  });
});
