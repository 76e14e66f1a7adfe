/** Documented pipeline-step endpoints: script (LLM), speech (TTS), music (see documented.ts for the format). */
import { z } from 'zod';
import type { DocumentedEndpoint } from './documented.ts';

/** A plausible script for the prompt the step was given (the stand-in's `text` answer). */
const scriptFor = (input: Record<string, unknown>) => {
  const topic = String(input.prompt ?? 'the topic').slice(0, 80);
  return `Here is something about ${topic}.\nIt starts small.\nThen it changes everything.\nRemember it next time.`;
};

const KOKORO_AMERICAN_VOICES = [
  'af_heart', 'af_alloy', 'af_aoede', 'af_bella', 'af_jessica', 'af_kore', 'af_nicole', 'af_nova', 'af_river', 'af_sarah', 'af_sky',
  'am_adam', 'am_echo', 'am_eric', 'am_fenrir', 'am_liam', 'am_michael', 'am_onyx', 'am_puck', 'am_santa',
] as const;

export const DOCUMENTED_STEPS: Record<string, DocumentedEndpoint> = {
  // https://fal.ai/models/fal-ai/any-llm/api
  'fal:fal-ai/any-llm': {
    source: 'https://fal.ai/models/fal-ai/any-llm/api',
    input: z
      .object({
        prompt: z.string().min(1),
        system_prompt: z.string().optional(),
        model: z.string().optional(),
        reasoning: z.boolean().optional(),
      })
      .strict(),
    media: {},
    output: (_files, input) => ({ output: scriptFor(input), partial: false, reasoning: null, error: null }),
  },
  // https://replicate.com/meta/meta-llama-3-8b-instruct/api/schema: the output is the streamed tokens.
  'replicate:meta/meta-llama-3-8b-instruct': {
    source: 'https://replicate.com/meta/meta-llama-3-8b-instruct/api/schema',
    input: z
      .object({
        prompt: z.string(),
        system_prompt: z.string().optional(),
        max_tokens: z.number().int().optional(),
        min_tokens: z.number().int().optional(),
        temperature: z.number().min(0).max(5).optional(),
        top_p: z.number().min(0).max(1).optional(),
        top_k: z.number().int().optional(),
        presence_penalty: z.number().optional(),
        frequency_penalty: z.number().optional(),
        stop_sequences: z.string().optional(),
        prompt_template: z.string().optional(),
      })
      .strict(),
    media: {},
    output: (_files, input) => scriptFor(input).split(/(?<= )/),
  },
  // https://fal.ai/models/fal-ai/kokoro/american-english/api
  'fal:fal-ai/kokoro/american-english': {
    source: 'https://fal.ai/models/fal-ai/kokoro/american-english/api',
    input: z
      .object({
        prompt: z.string().optional(),
        voice: z.enum(KOKORO_AMERICAN_VOICES).optional(),
        speed: z.number().min(0.1).max(5).optional(),
      })
      .strict(),
    media: {},
    output: (files) => ({ audio: { url: files.audio, content_type: 'audio/wav', file_name: 'speech.wav', file_size: 48_000 } }),
  },
  // https://replicate.com/jaaari/kokoro-82m/api/schema
  'replicate:jaaari/kokoro-82m': {
    source: 'https://replicate.com/jaaari/kokoro-82m/api/schema',
    input: z
      .object({
        text: z.string(),
        voice: z
          .enum(['af', 'af_bella', 'af_sarah', 'am_adam', 'am_michael', 'bf_emma', 'bf_isabella', 'bm_george', 'bm_lewis', 'af_nicole', 'af_sky'])
          .optional(),
        speed: z.number().min(0.1).max(5).optional(),
      })
      .strict(),
    media: {},
    output: (files) => files.audio,
  },
  // https://fal.ai/models/fal-ai/stable-audio/api
  'fal:fal-ai/stable-audio': {
    source: 'https://fal.ai/models/fal-ai/stable-audio/api',
    input: z
      .object({
        prompt: z.string().min(1),
        seconds_start: z.number().int().min(0).max(47).optional(),
        seconds_total: z.number().int().min(0).max(47).optional(),
        steps: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
    media: {},
    output: (files) => ({ audio_file: { url: files.audio, content_type: 'audio/wav', file_name: 'music.wav', file_size: 96_000 } }),
  },
  // https://replicate.com/meta/musicgen/api/schema
  'replicate:meta/musicgen': {
    source: 'https://replicate.com/meta/musicgen/api/schema',
    input: z
      .object({
        prompt: z.string().optional(),
        input_audio: z.url().optional(),
        duration: z.number().int().optional(),
        continuation: z.boolean().optional(),
        continuation_start: z.number().int().min(0).optional(),
        continuation_end: z.number().int().min(0).optional(),
        multi_band_diffusion: z.boolean().optional(),
        normalization_strategy: z.enum(['loudness', 'clip', 'peak', 'rms']).optional(),
        top_k: z.number().int().optional(),
        top_p: z.number().optional(),
        temperature: z.number().optional(),
        classifier_free_guidance: z.number().int().optional(),
        output_format: z.enum(['wav', 'mp3']).optional(),
        seed: z.number().int().optional(),
        model_version: z.enum(['stereo-melody-large', 'stereo-large', 'melody-large', 'large']).optional(),
      })
      .strict(),
    media: { input_audio: 'audio' },
    output: (files) => files.audio,
  },
};
