/** What every generation provider implements (the local engine, hosted model APIs). */

export interface ProducedOutput {
  data: Buffer;
  contentType: string;
  mediaType: 'image' | 'video' | 'audio';
  width?: number;
  height?: number;
  durationS?: number;
  /** A still frame of a video output, for its thumbnail. */
  poster?: Buffer;
}

export interface ProviderTask {
  id: string;
  kind: string;
  input: unknown;
}

export interface RunContext {
  /** Progress 0–100 with a short stage name; cheap to call often (the worker throttles). */
  reportProgress(progress: number, stage: string): void;
  /** Aborted when the task is canceled or the worker shuts down. */
  signal: AbortSignal;
  /** Reads a stored input (task inputs hold storage keys; see generation/inputs.ts). */
  loadMedia(key: string): Promise<Buffer>;
  /** A short-lived link to a stored input that a hosted provider can fetch (media/signedLinks.ts). */
  mediaUrl?(key: string): Promise<string>;
  /**
   * Stores a file made for this run (spoken text, a video's last frame) under the task owner's
   * prefix and answers its key; the worker deletes it when the run ends.
   */
  putScratch?(name: string, data: Buffer, contentType: string): Promise<string>;
}

export interface GenerationProvider {
  readonly name: string;
  /** True when this provider makes `kind` (hosted providers also look at the input's chosen model). */
  supports(kind: string, input?: unknown): boolean;
  run(task: ProviderTask, ctx: RunContext): Promise<ProducedOutput[]>;
  /** What creations record as their maker (a hosted model's catalogue id); the provider's name otherwise. */
  labelFor?(task: Pick<ProviderTask, 'kind' | 'input'>): string;
}

/** A failure the user should see with a catalogue message (anything else is "generation failed"). */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
