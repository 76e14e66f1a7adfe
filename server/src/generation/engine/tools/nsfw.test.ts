/**
 * The NSFW classifier nsfwjs ships, on ordinary photos that npm packages ship (face-api's demo
 * group photos, autocannon's test drawing): it loads from node_modules with no download, answers
 * five probabilities summing to 1, and every photo stays under the default refusal threshold
 * (porn + hentai < 0.7, imageModeration.ts). No explicit picture is available to test the other
 * side; the refusal path is tested with the threshold at 0 (test/moderation.int.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_MODERATION_THRESHOLD } from '../../../config.ts';
import { explicitScore } from '../../imageModeration.ts';
import { packageFile } from '../tf.ts';
import { classifyNsfw, NSFW_CLASSES } from './nsfw.ts';

describe('NSFW classifier', () => {
  it('scores ordinary photos under the default threshold', async () => {
    const photos = [
      ...['sample1.jpg', 'sample2.jpg'].map((name) => packageFile('@vladmandic/face-api', `demo/${name}`)),
      packageFile('autocannon', 'test/j5.jpeg'),
    ];
    for (const photo of photos) {
      const scores = await classifyNsfw(await readFile(photo));
      expect(Object.keys(scores)).toEqual([...NSFW_CLASSES]);
      expect(Object.values(scores).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 3);
      expect(explicitScore(scores), photo).toBeLessThan(DEFAULT_IMAGE_MODERATION_THRESHOLD);
    }
  }, 30_000);
});
