/**
 * What the provider stand-ins know about each hosted model, written from the provider's own
 * documentation independently of the catalogue (shared/generation/catalog): the documented input
 * schema (so a mapping mistake in a catalogue entry fails the request the way the real API would),
 * which inputs are files the provider downloads, and the shape of a documented answer.
 *
 * Keys are `<provider>:<remoteId>` (`fal:fal-ai/flux/schnell`, `replicate:black-forest-labs/flux-schnell`).
 */
import type { z } from 'zod';
import { DOCUMENTED_IMAGE } from './documentedImage.ts';
import { DOCUMENTED_STEPS } from './documentedSteps.ts';
import { DOCUMENTED_VIDEO } from './documentedVideo.ts';

/** Result files the stand-in serves (real files: a PNG, an H.264+AAC MP4, a WAV, an MP3). */
export interface StandInFiles {
  image: string;
  video: string;
  audio: string;
}

export interface DocumentedEndpoint {
  /** The provider page the schema was read from. */
  source: string;
  /**
   * The documented input. Required fields are required, enums are enums, numbers have their
   * documented ranges, file inputs are URLs; `.strict()` so a parameter the model does not
   * document is refused (422), as the real APIs do for typos that would otherwise be ignored.
   */
  input: z.ZodType;
  /** Input fields (dotted; `[]` for every element of a list) that are files the provider downloads, and what they must be. */
  media: Record<string, 'image' | 'video' | 'audio'>;
  /**
   * A documented successful answer: for fal the response body of `GET …/requests/{id}`, for
   * Replicate the prediction's `output`, for OpenAI the response body. `text` answers (a script
   * step) get the request's prompt to echo a plausible script.
   */
  output: (files: StandInFiles, input: Record<string, unknown>) => unknown;
}

export const DOCUMENTED: Record<string, DocumentedEndpoint> = { ...DOCUMENTED_IMAGE, ...DOCUMENTED_VIDEO, ...DOCUMENTED_STEPS };
