import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderProceduralImage } from '../providers/proceduralImage.ts';
import { sceneSvg } from './render.ts';
import { parsePrompt } from './scene.ts';

/** dHash: 64 bits, each whether a pixel of a 9×8 greyscale thumbnail is brighter than its right neighbour. */
async function dHash(png: Buffer): Promise<boolean[]> {
  const { data } = await sharp(png).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const bits: boolean[] = [];
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) bits.push(data[y * 9 + x]! > data[y * 9 + x + 1]!);
  return bits;
}
const distance = (a: boolean[], b: boolean[]) => a.filter((bit, i) => bit !== b[i]).length;

const SIDE = 192;
const render = (prompt: string, seed = 0) => renderProceduralImage({ prompt, seed, width: SIDE, height: SIDE });

describe('scene composer rendering', () => {
  it('draws the same bytes for the same prompt and seed, at exactly the size asked', async () => {
    const [a, b] = await Promise.all([render('drei Katzen auf einem Sofa bei Sonnenuntergang', 5), render('drei Katzen auf einem Sofa bei Sonnenuntergang', 5)]);
    expect(a.equals(b)).toBe(true);
    const meta = await sharp(a).metadata();
    expect([meta.width, meta.height]).toEqual([SIDE, SIDE]);
    const wide = await renderProceduralImage({ prompt: 'a fox in the forest', seed: 1, width: 320, height: 180 });
    expect((await sharp(wide).metadata()).width).toBe(320);
    // The first picture reads the annotations and starts sharp.
  }, 20_000);

  it('gives visibly different pictures for different prompts and for different seeds (dHash distance)', async () => {
    const prompts = ['a paper boat in the rain', 'drei Katzen auf einem Sofa bei Sonnenuntergang', '夜の東京の桜', 'قارب في البحر عند الغروب', '森林裡的兩隻狐狸'];
    const hashes = await Promise.all(prompts.map(async (p) => dHash(await render(p))));
    for (let i = 0; i < hashes.length; i++) for (let j = i + 1; j < hashes.length; j++) expect(distance(hashes[i]!, hashes[j]!), `${prompts[i]} / ${prompts[j]}`).toBeGreaterThan(10);
    const [one, other] = await Promise.all([render('three dogs on the beach', 1), render('three dogs on the beach', 2)]);
    expect(distance(await dHash(one), await dHash(other))).toBeGreaterThan(4);
  }, 20_000);

  it('places every counted instance, inside the picture and without overlapping much', () => {
    const scene = parsePrompt('five cats and two dogs in a field');
    const { placed, svg } = sceneSvg(scene, 3, 400, 300);
    expect(placed.filter((p) => p.subject.emoji === '🐈')).toHaveLength(5);
    expect(placed.filter((p) => p.subject.emoji === '🐕')).toHaveLength(2);
    for (const p of placed) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x + p.size).toBeLessThanOrEqual(400 + 1);
      expect(p.y + p.size).toBeLessThanOrEqual(300 + 1);
    }
    let overlapping = 0;
    for (const [i, a] of placed.entries()) for (const b of placed.slice(i + 1)) if (a.x < b.x + b.size * 0.92 && b.x < a.x + a.size * 0.92 && a.y < b.y + b.size * 0.92 && b.y < a.y + a.size * 0.92) overlapping++;
    expect(overlapping).toBeLessThanOrEqual(1);
    // The art itself is in the SVG: Fluent's cat is drawn with its own colours.
    expect(svg.match(/<svg x=/g)?.length).toBeGreaterThanOrEqual(7);
  });

  it("moves the same subjects on at a video's next key frame", () => {
    const scene = parsePrompt('two dolphins swimming in the sea at sunset');
    const first = sceneSvg(scene, 9, 320, 240).placed;
    const next = sceneSvg(scene, 9, 320, 240, 1).placed;
    expect(next.map((p) => [p.y, p.size])).toEqual(first.map((p) => [p.y, p.size]));
    expect(next.some((p, i) => p.x !== first[i]!.x)).toBe(true);
  });

  it('applies the style the prompt names', async () => {
    const plain = await render('a red car');
    const noir = await render('a red car, noir');
    // Noir is greyscale: red, green and blue agree on every pixel.
    const { data, info } = await sharp(noir).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    let coloured = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i] !== data[i + 2]) coloured++;
    expect(coloured).toBe(0);
    expect(plain.equals(noir)).toBe(false);
  });
});
