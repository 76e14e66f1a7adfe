import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../../media/binaries.ts';
import { musicBedGraph, musicPlan } from './musicBed.ts';

/** Mean and max volume (dBFS) of a lavfi source graph, rendered by ffmpeg. */
function levels(graph: string): Promise<{ mean: number; max: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostats', '-f', 'lavfi', '-i', graph, '-af', 'volumedetect', '-f', 'null', '-'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const mean = /mean_volume: (-?[\d.]+) dB/.exec(stderr);
      const max = /max_volume: (-?[\d.]+) dB/.exec(stderr);
      if (code !== 0 || !mean || !max) return reject(new Error(`ffmpeg ${code}: ${stderr.slice(-600)}`));
      resolve({ mean: Number(mean[1]), max: Number(max[1]) });
    });
  });
}

describe("the AI short's music bed", () => {
  it('plays a four-chord progression in a key and tempo from the seed', () => {
    const plan = musicPlan(4);
    expect(plan.chords).toHaveLength(4);
    expect(plan.bpm).toBeGreaterThanOrEqual(84);
    expect(plan.bpm).toBeLessThanOrEqual(104);
    for (const [root, third, fifth] of plan.chords) {
      // a major or minor triad: the fifth 7 semitones up, the third 3 or 4
      expect(12 * Math.log2(fifth / root)).toBeCloseTo(7, 5);
      expect([3, 4]).toContain(Math.round(12 * Math.log2(third / root)));
    }
    expect(musicPlan(4)).toEqual(plan);
    const plans = new Set(Array.from({ length: 8 }, (_, seed) => JSON.stringify(musicPlan(seed))));
    expect(plans.size).toBeGreaterThan(1);
  });

  it('renders an audible bed below full scale, the same for the same seed', async () => {
    const graph = musicBedGraph({ seconds: 4, seed: 9, level: 0.6 });
    expect(musicBedGraph({ seconds: 4, seed: 9, level: 0.6 })).toBe(graph);
    const { mean, max } = await levels(graph);
    expect(mean).toBeGreaterThan(-35);
    expect(max).toBeLessThan(0);
  }, 30_000);
});
