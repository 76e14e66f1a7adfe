/**
 * Hosted models for pipeline steps that are not creation kinds of their own (models.ts
 * STEP_KINDS): writing a short's script, speaking text, scoring with music.
 */
import type { ModelEntryInput } from '../models.ts';

export const STEP_MODELS: ModelEntryInput[] = [];
