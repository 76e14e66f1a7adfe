/** Documented pipeline-step endpoints: script (LLM), speech (TTS), music (see documented.ts for the format). */
import type { DocumentedEndpoint } from './documented.ts';

export const DOCUMENTED_STEPS: Record<string, DocumentedEndpoint> = {};
