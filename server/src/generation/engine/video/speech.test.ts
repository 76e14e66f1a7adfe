import { describe, expect, it } from 'vitest';
import { mouthOpenness, parseWav, speechEnvelope, synthesizeSpeech } from './speech.ts';

/** `seconds` of a 200 Hz tone at `amplitude` (0–1), then as much silence, at 16 kHz. */
function toneThenSilence(seconds: number, amplitude: number): Int16Array {
  const rate = 16_000;
  const out = new Int16Array(rate * seconds * 2);
  for (let i = 0; i < rate * seconds; i++) out[i] = Math.round(Math.sin((2 * Math.PI * 200 * i) / rate) * amplitude * 32767);
  return out;
}

describe('speech for lip sync', () => {
  it('speaks a sentence as a mono WAV of a plausible length, each voice differently', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    const female = await synthesizeSpeech(text, 'female');
    expect(female.sampleRate).toBeGreaterThanOrEqual(8000);
    // 44 characters: about 2–4 s at a natural reading speed
    expect(female.durationS).toBeGreaterThan(1.5);
    expect(female.durationS).toBeLessThan(5);
    expect(parseWav(female.wav).samples.length).toBe(female.samples.length);
    // not silence: a fair share of loud frames
    const loud = [...speechEnvelope(female.samples, female.sampleRate, 24, Math.floor(female.durationS * 24))].filter((v) => v > 0.05).length;
    expect(loud).toBeGreaterThan(female.durationS * 24 * 0.3);
    const male = await synthesizeSpeech(text, 'male');
    const narrator = await synthesizeSpeech(text, 'narrator');
    expect(new Set([female.wav, male.wav, narrator.wav].map((w) => w.toString('base64'))).size).toBe(3);
    // a longer text takes longer to say
    const longer = await synthesizeSpeech(`${text} ${text}`, 'female');
    expect(longer.durationS).toBeGreaterThan(female.durationS * 1.6);
  }, 60_000);

  it('stops when the task is canceled', async () => {
    const canceled = new AbortController();
    const speaking = synthesizeSpeech('A sentence that will never be finished, because the task is canceled.', 'female', canceled.signal);
    canceled.abort(new Error('canceled'));
    await expect(speaking).rejects.toThrow('canceled');
  });

  it('refuses what is not a 16-bit mono WAV', () => {
    expect(() => parseWav(Buffer.from('not a wav file at all'))).toThrow('not a WAV file');
  });

  it('measures loudness per video frame', () => {
    const samples = toneThenSilence(1, 0.5);
    const envelope = speechEnvelope(samples, 16_000, 24, 48);
    // a sine's RMS is its amplitude / √2
    expect(envelope[5]).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(envelope[40]).toBe(0);
  });

  it('opens the mouth with the voice and closes it in the pauses', () => {
    const envelope = Float32Array.from([0, 0, 0, 0.2, 0.25, 0.3, 0.05, 0.25, 0.3, 0, 0, 0, 0.002, 0]);
    const open = mouthOpenness(envelope);
    expect(open).toHaveLength(envelope.length);
    for (const v of open) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    // silence (and noise under the gate) rests closed
    expect(open[0]).toBe(0);
    expect(open[11]).toBe(0);
    expect(open[13]).toBe(0);
    // loud syllables open it wide, the dip between them less
    expect(open[5]).toBeGreaterThan(0.7);
    expect(open[6]).toBeLessThan(open[5]!);
    // smoothed: the frame before speech starts to open
    expect(open[2]).toBeGreaterThan(0);
    // all silence: never opens
    expect([...mouthOpenness(new Float32Array(10))].every((v) => v === 0)).toBe(true);
  });
});
