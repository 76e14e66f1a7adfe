/**
 * Image moderation offline (§8: "The image contains sensitive or illegal content."): uploads and
 * generated results are classified by the NSFW model nsfwjs ships (engine/tools/nsfw.ts), on an
 * engine thread so the event loop never runs the model. A picture is refused when its porn and
 * hentai probabilities together reach the threshold (`MODERATION_IMAGE_THRESHOLD`, default 0.7;
 * docs/configuration.md). "sexy" (swimwear, lingerie, bare shoulders) is deliberately not counted:
 * the model gives it to ordinary beach and fashion photos, and the text filter already refuses
 * such prompts when they involve minors.
 */
import { AppError } from '@tessera/shared/errors';
import { runToolOn, type ToolRunner } from './engine/enginePool.ts';
import type { NsfwScores } from './engine/tools/nsfw.ts';

/** The score compared with the threshold. */
export const explicitScore = (scores: NsfwScores): number => scores.porn + scores.hentai;

/** A picture's scores, computed on `engine`'s thread (inline without one: tests, scripts). */
export function classifyImage(engine: ToolRunner | undefined, image: Buffer): Promise<NsfwScores> {
  return runToolOn(engine, 'classifyNsfw', { image });
}

/**
 * Throws SENSITIVE_IMAGE when the picture's explicit score reaches `threshold`. A classifier that
 * fails (an undecodable picture, a thread that died) is a moderation failure, not a pass.
 */
export async function moderateImage(engine: ToolRunner | undefined, image: Buffer, threshold: number): Promise<void> {
  let scores: NsfwScores;
  try {
    scores = await classifyImage(engine, image);
  } catch (cause) {
    throw new AppError('MODERATION_ERROR', { cause });
  }
  if (explicitScore(scores) >= threshold) throw new AppError('SENSITIVE_IMAGE');
}
