import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../../../media/binaries.ts';
import { effectsGraph, RECIPE_NAMES, recipesFor } from './soundRecipes.ts';

/** Renders `[aout]` of a graph without inputs and answers its mean volume (dBFS) and length (s). */
function measure(graph: string): Promise<{ meanDb: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const args = ['-hide_banner', '-nostats', '-filter_complex', `${graph};[aout]volumedetect[v]`, '-map', '[v]', '-f', 'null', '-'];
    const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const mean = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr);
      // the graph is configured twice (a probe first): the last report is the real one
      const samples = [...stderr.matchAll(/n_samples: (\d+)/g)].at(-1);
      if (code !== 0 || !mean || !samples) return reject(new Error(`ffmpeg ${code}: ${stderr.slice(-600)}`));
      // volumedetect counts samples over both channels
      resolve({ meanDb: mean[1] === '-inf' ? -Infinity : Number(mean[1]), seconds: Number(samples[1]) / 2 / 44100 });
    });
  });
}

describe('sound-effect recipes', () => {
  it('layers the effects a prompt names, in its order, at most three; an unknown prompt gets the ambient bed', () => {
    expect(recipesFor('heavy rain on a tin roof')).toEqual(['rain']);
    expect(recipesFor('Footsteps in the snow while the wind howls')).toEqual(['footsteps', 'wind']);
    expect(recipesFor('an explosion, then laser zaps and a coin pickup, birds and applause')).toEqual(['explosion', 'laser', 'coin']);
    expect(recipesFor('crackling campfire by the ocean waves')).toEqual(['fire', 'ocean']);
    expect(recipesFor('car engine revving, a whoosh, thunderstorm')).toEqual(['engine', 'whoosh', 'thunder']);
    expect(recipesFor('a clock ticking, an alarm beeping, a bell')).toEqual(['tick', 'beep', 'bell']);
    expect(recipesFor('the character jumps')).toEqual(['jump']);
    expect(recipesFor('a quiet moment of reflection')).toEqual(['ambient']);
    // whole words only: "window" is not wind, "scar" is not a car
    expect(recipesFor('a window with a scar')).toEqual(['ambient']);
  });

  it('builds the mix over the original sound, or replacing it, from numbers only', () => {
    const over = effectsGraph({ recipes: ['rain', 'thunder'], seconds: 3.2, seed: 5, volume: 0.5, overOriginal: true });
    expect(over).toContain('[0:a]');
    expect(over).toContain("[fx0][fx1]amix=inputs=2:normalize=0:duration=first:weights='2.5 0.3375'");
    expect(over).toContain('volume=0.5');
    expect(over).toContain('atrim=end=3.2');
    expect(over.endsWith('[aout]')).toBe(true);
    const alone = effectsGraph({ recipes: ['rain', 'thunder'], seconds: 3.2, seed: 5, volume: 0.5, overOriginal: false });
    expect(alone).not.toContain('[0:a]');
    // the same request always makes the same graph; another seed another one
    expect(effectsGraph({ recipes: ['rain', 'thunder'], seconds: 3.2, seed: 5, volume: 0.5, overOriginal: false })).toBe(alone);
    expect(effectsGraph({ recipes: ['rain', 'thunder'], seconds: 3.2, seed: 6, volume: 0.5, overOriginal: false })).not.toBe(alone);
  });

  it('every recipe renders an audible track of exactly the clip length', async () => {
    for (const name of RECIPE_NAMES) {
      const { meanDb, seconds } = await measure(effectsGraph({ recipes: [name], seconds: 2.5, seed: 3, volume: 1, overOriginal: false }));
      expect(meanDb, name).toBeGreaterThan(name === 'ambient' || name === 'tick' ? -40 : -30);
      expect(meanDb, name).toBeLessThan(-10);
      expect(seconds, name).toBeCloseTo(2.5, 2);
    }
  }, 60_000);

  it('follows the volume: half the level is 6 dB quieter, zero is silence', async () => {
    const at = (volume: number) => measure(effectsGraph({ recipes: ['engine'], seconds: 2, seed: 1, volume, overOriginal: false }));
    const full = await at(1);
    const half = await at(0.5);
    expect(full.meanDb - half.meanDb).toBeCloseTo(6, 0);
    expect((await at(0)).meanDb).toBeLessThan(-90);
  }, 30_000);
});
