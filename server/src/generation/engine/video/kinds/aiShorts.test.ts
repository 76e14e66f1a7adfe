import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VIDEO_FPS } from '../videoKinds.ts';
import { renderCaption, shortGraph, wrapCaption } from './aiShorts.ts';
import { CROSSFADE_FRAMES, sceneStarts, writeShortScript } from './shortScript.ts';

describe('AI short captions and graph', () => {
  it('wraps a caption at word boundaries', () => {
    expect(wrapCaption('It starts with the waggle dance of the bees', 16)).toEqual(['It starts with', 'the waggle dance', 'of the bees']);
    expect(wrapCaption('Supercalifragilistic words', 8)).toEqual(['Supercalifragilistic', 'words']);
  });

  it('draws a caption (escaped, outlined text) as a transparent strip the width of the frame', async () => {
    const { png, height } = await renderCaption('Bees <dance> & "talk"', { width: 720, height: 1280 });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 720, height, channels: 4 });
    let white = 0;
    let dark = 0;
    let clear = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! < 10) clear++;
      else if (data[i]! > 240 && data[i + 1]! > 240 && data[i + 2]! > 240) white++;
      else if (data[i]! < 40) dark++;
    }
    // real glyphs were drawn: white fill, dark outline, clear around them
    expect(white).toBeGreaterThan(2000);
    expect(dark).toBeGreaterThan(1000);
    expect(clear).toBeGreaterThan((info.width * info.height) / 2);
  });

  it('shrinks a long caption until it fits inside the frame', async () => {
    for (const text of ['Pneumonoultramicroscopicsilicovolcanoconiosis is a word', 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen']) {
      const { png } = await renderCaption(text, { width: 720, height: 1280 });
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      // nothing drawn in the outer columns: no glyph was cut at the frame's edges
      for (let y = 0; y < info.height; y++) {
        for (const x of [0, 1, info.width - 2, info.width - 1]) expect(data[(y * info.width + x) * 4 + 3], text).toBe(0);
      }
      expect(info.height).toBeLessThan(1280 / 3);
    }
  });

  it('crossfades the scenes and shows each caption between the crossfades around its scene', () => {
    const scenes = writeShortScript('volcanoes', 15, 2);
    const graph = shortGraph(scenes, { width: 720, height: 1280 }, scenes.map(() => ({ top: 845 })));
    const starts = sceneStarts(scenes);
    expect(graph.match(/xfade=/g)).toHaveLength(scenes.length - 1);
    expect(graph).toContain(`offset=${starts[1]! / VIDEO_FPS}`);
    const windows = [...graph.matchAll(/between\(n,(\d+),(\d+)\)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(windows).toHaveLength(scenes.length);
    expect(windows[0]![0]).toBe(0);
    // back to back: each caption starts on the frame after the last one ends, mid-crossfade
    for (let i = 1; i < windows.length; i++) {
      expect(windows[i]![0]).toBe(windows[i - 1]![1] + 1);
      expect(windows[i]![0]).toBe(starts[i]! + CROSSFADE_FRAMES / 2);
    }
    expect(windows.at(-1)![1]).toBeGreaterThanOrEqual(15 * VIDEO_FPS - 1);
    expect(graph.endsWith('null')).toBe(true);
    expect(shortGraph(scenes, { width: 720, height: 1280 }, null)).not.toContain('overlay');
  });
});
