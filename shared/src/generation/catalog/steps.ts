/**
 * Hosted models for pipeline steps that are not creation kinds of their own (models.ts
 * STEP_KINDS): writing a short's script, speaking text, scoring with music.
 *
 * A step is run with the pipeline's own input: `script` reads `prompt` (the instruction the
 * AI-shorts pipeline writes from the topic) and answers text; `speech` reads `text` and `voice`
 * (female | male | narrator) and answers a WAV; `music` reads `prompt` and `duration` (seconds)
 * and answers audio.
 */
import type { ModelEntryInput } from '../models.ts';

/** Kokoro's American-English voices for our three: a warm female, a male and a deep narrator. */
const KOKORO_VOICES = { female: 'af_heart', male: 'am_michael', narrator: 'am_onyx' };
/** The voices the Replicate Kokoro build ships (it has no af_heart / am_onyx). */
const REPLICATE_KOKORO_VOICES = { female: 'af_bella', male: 'am_michael', narrator: 'bm_george' };

/** Tells an LLM what a short's script looks like; the pipeline's prompt carries the topic and length. */
const SCRIPT_SYSTEM_PROMPT =
  'You write scripts for short vertical videos. Answer only with the narration, one scene per line, no titles, no stage directions.';

export const STEP_MODELS: ModelEntryInput[] = [
  // ---- script ----
  {
    id: 'fal-any-llm',
    name: 'Any LLM (Gemini Flash)',
    vendor: 'Google',
    provider: 'fal',
    remoteId: 'fal-ai/any-llm',
    kinds: ['script'],
    input: {
      prompt: { from: 'prompt' },
      system_prompt: { const: SCRIPT_SYSTEM_PROMPT },
    },
    // `output` is the generated text.
    output: { files: ['output'], text: true },
    price: { credits: 1, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://fal.ai/models/fal-ai/any-llm/api',
  },
  {
    id: 'replicate-llama-3-8b',
    name: 'Llama 3 8B Instruct',
    vendor: 'Meta',
    provider: 'replicate',
    remoteId: 'meta/meta-llama-3-8b-instruct',
    kinds: ['script'],
    input: {
      prompt: { from: 'prompt' },
      system_prompt: { const: SCRIPT_SYSTEM_PROMPT },
      max_tokens: { const: 800 },
      temperature: { const: 0.7 },
    },
    // Replicate streams language models: `output` is the list of tokens, joined into the text.
    output: { files: ['output'], text: true },
    price: { credits: 1, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://replicate.com/meta/meta-llama-3-8b-instruct/api/schema',
  },

  // ---- speech ----
  {
    id: 'fal-kokoro',
    name: 'Kokoro TTS',
    vendor: 'hexgrad',
    provider: 'fal',
    remoteId: 'fal-ai/kokoro/american-english',
    kinds: ['speech'],
    input: {
      prompt: { from: 'text' },
      voice: { from: 'voice', map: KOKORO_VOICES, default: 'af_heart' },
    },
    output: { files: ['audio.url'] },
    price: { credits: 1, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://fal.ai/models/fal-ai/kokoro/american-english/api',
  },
  {
    id: 'replicate-kokoro',
    name: 'Kokoro 82M',
    vendor: 'hexgrad',
    provider: 'replicate',
    remoteId: 'jaaari/kokoro-82m',
    kinds: ['speech'],
    input: {
      text: { from: 'text' },
      voice: { from: 'voice', map: REPLICATE_KOKORO_VOICES, default: 'af_bella' },
    },
    output: { files: ['output'] },
    price: { credits: 1, per: 'run' },
    speed: 'fast',
    timeoutS: 120,
    source: 'https://replicate.com/jaaari/kokoro-82m/api/schema',
  },

  // ---- music ----
  {
    id: 'fal-stable-audio',
    name: 'Stable Audio Open',
    vendor: 'Stability AI',
    provider: 'fal',
    remoteId: 'fal-ai/stable-audio',
    kinds: ['music'],
    input: {
      prompt: { from: 'prompt' },
      // Stable Audio Open makes at most 47 s: a 60 s short gets a 47 s bed (its last 13 s without music).
      seconds_total: { from: 'duration', as: 'int', map: { '60': 47 } },
    },
    output: { files: ['audio_file.url'] },
    price: { credits: 2, per: 'run' },
    speed: 'fast',
    timeoutS: 180,
    source: 'https://fal.ai/models/fal-ai/stable-audio/api',
  },
  {
    id: 'replicate-musicgen',
    name: 'MusicGen',
    vendor: 'Meta',
    provider: 'replicate',
    remoteId: 'meta/musicgen',
    kinds: ['music'],
    input: {
      prompt: { from: 'prompt' },
      duration: { from: 'duration', as: 'int' },
      model_version: { const: 'stereo-large' },
      output_format: { const: 'wav' },
    },
    output: { files: ['output'] },
    price: { credits: 2, per: 'run' },
    speed: 'standard',
    timeoutS: 300,
    source: 'https://replicate.com/meta/musicgen/api/schema',
  },
];
