/**
 * Creations: what a successful generation leaves behind (§3 "my creations"). One creation per
 * output of a task; derived creations point at the creation they were made from.
 */
import { z } from 'zod';
import { GENERATION_KINDS, type GenerationKind } from '../generation/generation.ts';

const KIND_KEYS = Object.keys(GENERATION_KINDS) as [GenerationKind, ...GenerationKind[]];

export const zCreationListInput = z.object({
  kind: z.enum(KIND_KEYS).optional(),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(60).default(24),
});
export type CreationListInput = z.input<typeof zCreationListInput>;

export const zCreationId = z.object({ id: z.uuid() });

export interface CreationDto {
  id: string;
  kind: GenerationKind;
  rpcName: string;
  /** The prompt, when the kind has one. */
  prompt: string | null;
  /** The validated task input (image references are media URLs). */
  params: Record<string, unknown>;
  /** Which engine made it; `local` results are procedural/classical, and the studio says so. */
  engine: string;
  url: string;
  thumbnailUrl: string;
  /** Original download; watermarked for free users (§6). */
  downloadUrl: string;
  mediaType: 'image' | 'video' | 'audio';
  contentType: string;
  width: number | null;
  height: number | null;
  parentId: string | null;
  taskId: string;
  /** The catalogue template it was made with (template kinds). */
  templateId: string | null;
  /** Explore feed state (shared/feed PUBLISH_STATUSES). */
  publishStatus: 'unpublished' | 'published' | 'hidden' | 'removed';
  copyProtected: boolean;
  createdAt: string;
}

export interface CreationPage {
  items: CreationDto[];
  nextCursor: string | null;
}
