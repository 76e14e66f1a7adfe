/**
 * bench/moderation (alone: `node --import tsx bench/moderation.ts`): the cost of offline moderation.
 * Text: the filter's first use (indexing every language's terms) and then the time per prompt over
 * its corpora (shared/src/moderation/corpus). Images: the NSFW classifier (nsfwjs MobileNetV2 on
 * the tfjs WASM backend) per picture, on ordinary photos shipped with face-api at three sizes,
 * inline cold (model loading) and warm, and through one engine thread as uploads and results run
 * it (thread start and model load included in the cold call). `BENCH_MODERATION_RUNS` warm runs
 * per size (default 5).
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { EnginePool } from '@tessera/server/generation/engine/enginePool';
import { packageFile } from '@tessera/server/generation/engine/tf';
import { runTool } from '@tessera/server/generation/engine/tools';
import { checkText } from '@tessera/shared/moderation';
import { ALLOWED_CORPUS } from '@tessera/shared/moderation/corpus/allowed';
import { BLOCKED_CORPUS } from '@tessera/shared/moderation/corpus/blocked';

const RUNS = Number(process.env.BENCH_MODERATION_RUNS ?? 5);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const time = async <T>(fn: () => Promise<T> | T): Promise<number> => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

// Text.
const prompts = [...Object.values(BLOCKED_CORPUS).flatMap((byCategory) => Object.values(byCategory).flat()), ...Object.values(ALLOWED_CORPUS).flat()];
const firstUse = await time(() => checkText('a paper boat in the rain'));
const firstPass = await time(() => prompts.forEach((p) => checkText(p)));
const warmPass = median(await Promise.all([0, 1, 2].map(() => time(() => prompts.forEach((p) => checkText(p))))));
console.log('text filter');
console.log(`  first use (index build)        ${firstUse.toFixed(0)} ms`);
console.log(`  first pass over ${prompts.length} prompts   ${(firstPass / prompts.length).toFixed(3)} ms / prompt`);
console.log(`  warm                            ${(warmPass / prompts.length).toFixed(3)} ms / prompt`);

// Images.
const source = await readFile(packageFile('@vladmandic/face-api', 'demo/sample1.jpg'));
const sizes = [512, 1024, 1920];
const photos = await Promise.all(sizes.map((width) => sharp(source).resize({ width }).jpeg({ quality: 90 }).toBuffer()));
console.log('image classifier (porn + hentai vs MODERATION_IMAGE_THRESHOLD)');
const coldInline = await time(() => runTool('classifyNsfw', { image: photos[0]! }, () => {}));
console.log(`  inline, cold (tfjs + model load, 512 px)      ${coldInline.toFixed(0)} ms`);
for (const [i, photo] of photos.entries()) {
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) runs.push(await time(() => runTool('classifyNsfw', { image: photo }, () => {})));
  console.log(`  inline, warm, ${String(sizes[i]).padEnd(4)} px JPEG                 ${median(runs).toFixed(0)} ms (median of ${RUNS})`);
}
const pool = new EnginePool({ threads: 1 });
try {
  const coldThread = await time(() => pool.run('classifyNsfw', { image: photos[1]! }, () => {}));
  console.log(`  engine thread, cold (thread start + load)     ${coldThread.toFixed(0)} ms`);
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) runs.push(await time(() => pool.run('classifyNsfw', { image: photos[1]! }, () => {})));
  console.log(`  engine thread, warm, 1024 px                  ${median(runs).toFixed(0)} ms (median of ${RUNS})`);
} finally {
  await pool.close();
}
