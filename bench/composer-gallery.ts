/**
 * bench/composer-gallery: ten varied prompts in five languages (en, de, ja, ar, zh-Hant) through
 * the local engine's text-to-image (renderProceduralImage → the scene composer), written to
 * /tmp/composer/after/, beside the pictures the engine drew for the same prompts before the
 * composer (rendered once, before the change, into /tmp/composer/before/ — the old renderer is not
 * kept), as a side-by-side contact sheet /tmp/composer/side-by-side.png. Evidence for issue 23;
 * not part of `npm run bench`, and nothing here is committed. Alone:
 * `node --import tsx bench/composer-gallery.ts`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { renderProceduralImage } from '@tessera/server/generation/providers/proceduralImage';

const OUT = process.env.COMPOSER_GALLERY_DIR ?? '/tmp/composer';
const SIDE = 512;
const THUMB = 256;

const GALLERY_PROMPTS: { lang: string; prompt: string; gloss?: string }[] = [
  { lang: 'en', prompt: 'a paper boat in the rain' },
  { lang: 'en', prompt: 'three red apples on a wooden table' },
  { lang: 'de', prompt: 'drei Katzen auf einem Sofa bei Sonnenuntergang', gloss: 'three cats on a sofa at sunset' },
  { lang: 'de', prompt: 'ein Hund im verschneiten Wald', gloss: 'a dog in the snowy forest' },
  { lang: 'ja', prompt: '夜の東京の桜', gloss: 'cherry blossoms of Tokyo at night' },
  { lang: 'ja', prompt: '海で泳ぐ二匹のイルカ', gloss: 'two dolphins swimming in the sea' },
  { lang: 'ar', prompt: 'قارب في البحر عند الغروب', gloss: 'a boat on the sea at sunset' },
  { lang: 'ar', prompt: 'جمل في الصحراء تحت الشمس', gloss: 'a camel in the desert under the sun' },
  { lang: 'zh-Hant', prompt: '森林裡的兩隻狐狸', gloss: 'two foxes in the forest' },
  { lang: 'zh-Hant', prompt: '夜空中的月亮和星星', gloss: 'the moon and stars in the night sky' },
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function main() {
  mkdirSync(join(OUT, 'after'), { recursive: true });
  const rows: OverlayOptions[] = [];
  const rowHeight = THUMB + 30;
  for (const [i, { lang, prompt, gloss }] of GALLERY_PROMPTS.entries()) {
    const name = `${String(i).padStart(2, '0')}.png`;
    const started = performance.now();
    const after = await renderProceduralImage({ prompt, seed: 0, width: SIDE, height: SIDE });
    console.log(`${name} ${lang.padEnd(7)} ${Math.round(performance.now() - started)} ms  ${prompt}`);
    writeFileSync(join(OUT, 'after', name), after);
    const beforePath = join(OUT, 'before', name);
    const top = i * rowHeight;
    const label = `<svg xmlns="http://www.w3.org/2000/svg" width="${THUMB * 2 + 30}" height="28"><text x="4" y="20" font-family="sans-serif" font-size="12" fill="#111">${i + 1}. [${lang}] ${escape(prompt)}${gloss ? ` (${escape(gloss)})` : ''}</text></svg>`;
    rows.push({ input: Buffer.from(label), left: 10, top });
    if (existsSync(beforePath)) rows.push({ input: await sharp(beforePath).resize(THUMB, THUMB).toBuffer(), left: 10, top: top + 28 });
    rows.push({ input: await sharp(after).resize(THUMB, THUMB).toBuffer(), left: 20 + THUMB, top: top + 28 });
  }
  const sheet = await sharp({ create: { width: THUMB * 2 + 30, height: GALLERY_PROMPTS.length * rowHeight + 10, channels: 3, background: '#ffffff' } })
    .composite(rows)
    .png()
    .toBuffer();
  writeFileSync(join(OUT, 'side-by-side.png'), sheet);
  console.log(`before (left) / after (right): ${join(OUT, 'side-by-side.png')}`);
}

await main();
