import { describe, expect, it } from 'vitest';
import { CAMERA_MOVES, VIDEO_FPS } from '../videoKinds.ts';
import { CROSSFADE_FRAMES, sceneStarts, topicKeywords, topicPhrase, writeShortScript } from './shortScript.ts';

describe("the AI short's script writer", () => {
  it('writes a hook, points from the topic words and an outro', () => {
    const scenes = writeShortScript('Why octopuses are smarter than they look', 30, 7);
    expect(scenes).toHaveLength(6);
    expect(scenes[0]!.line).toContain('why octopuses are smarter than they look');
    expect(scenes.at(-1)!.line).toContain('why octopuses are smarter than they look');
    const points = scenes.slice(1, -1).map((s) => s.line);
    // the content words, in order, each in one point; then general points once they run out
    expect(points[0]).toMatch(/octopuses/i);
    expect(points[1]).toMatch(/smarter/i);
    expect(points[2]).toMatch(/look/i);
    expect(points[3]).not.toMatch(/octopuses|smarter|look/i);
    for (const s of scenes) {
      expect(CAMERA_MOVES).toContain(s.move);
      expect(s.prompt).toContain('Why octopuses are smarter than they look');
    }
    // consecutive scenes never share a camera move
    for (let i = 1; i < scenes.length; i++) expect(scenes[i]!.move).not.toBe(scenes[i - 1]!.move);
  });

  it('fills exactly the requested length, crossfades included, for every duration', () => {
    for (const [duration, count] of [[15, 4], [30, 6], [60, 8]] as const) {
      const scenes = writeShortScript('a day in the life of a lighthouse keeper', duration, 1);
      expect(scenes).toHaveLength(count);
      const starts = sceneStarts(scenes);
      expect(starts[0]).toBe(0);
      expect(starts.at(-1)! + scenes.at(-1)!.frames).toBe(duration * VIDEO_FPS);
      for (const s of scenes) expect(s.frames).toBeGreaterThan(2 * CROSSFADE_FRAMES);
    }
  });

  it('is deterministic for a seed and varies with it', () => {
    const topic = 'the history of coffee';
    expect(writeShortScript(topic, 15, 3)).toEqual(writeShortScript(topic, 15, 3));
    const seeds = Array.from({ length: 6 }, (_, seed) => JSON.stringify(writeShortScript(topic, 15, seed)));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('cuts a long topic to a phrase that reads in a caption', () => {
    expect(topicPhrase('How honeybees talk with a waggle dance')).toBe('how honeybees talk with a waggle dance');
    expect(topicPhrase('Paris in spring. Cafés, parks and the river')).toBe('Paris in spring');
    const long = topicPhrase('The surprisingly complicated economics of the global shipping container industry explained');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long).toBe('the surprisingly complicated economics');
    expect(topicKeywords('The ocean, the OCEAN and its tides!')).toEqual(['ocean', 'tides']);
  });
});
