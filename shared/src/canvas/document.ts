/**
 * The project document (one Yjs document per project, synced through Hocuspocus). This module
 * is the one description of its shape, used by the studio's canvas engine, by the server when
 * it writes generation results into a project, and by tests.
 *
 * Shape: `doc.getMap('nodes')` maps a node id to a `Y.Map` of that node's fields, so two people
 * changing different fields of one node (one moves it, one renames it) both keep their change.
 * Values are plain JSON; `generation` (lineage) is replaced as a whole, never edited in place.
 * Order on the canvas is the numeric `z` (higher draws above); frames own children through
 * `parentId`.
 */
import * as Y from 'yjs';
import { z } from 'zod';

/** Name of the top-level map holding every node. */
export const CANVAS_NODES = 'nodes';
/** Name of the top-level map holding document settings (background …). */
export const CANVAS_META = 'meta';

export const NODE_TYPES = ['image', 'video', 'text', 'shape', 'frame', 'placeholder'] as const;
export type NodeType = (typeof NODE_TYPES)[number];
export const SHAPE_KINDS = ['rect', 'ellipse', 'arrow'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];
export const PLACEHOLDER_STATUSES = ['queued', 'running', 'failed'] as const;
export type PlaceholderStatus = (typeof PLACEHOLDER_STATUSES)[number];

/** Who did something, as shown to collaborators. */
export const zActor = z.object({ id: z.string(), name: z.string() });
export type Actor = z.infer<typeof zActor>;

/** One earlier result of a generated node, kept so "restore previous version" can bring it back. */
export const zNodeVersion = z.object({
  mediaType: z.enum(['image', 'video']).default('image'),
  src: z.string(),
  poster: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  taskId: z.string().nullable(),
  createdAt: z.string(),
});
export type NodeVersion = z.infer<typeof zNodeVersion>;

/**
 * Lineage of a generated node: what made it, so the inspector can show it and "regenerate" /
 * "use settings" can repeat it.
 */
export const zLineage = z.object({
  taskId: z.string().nullable(),
  /** Creation kind from shared/generation (`text_to_image`, `upscale` …). */
  kind: z.string(),
  prompt: z.string().optional(),
  /** The kind's input as sent (prompt included), minus the project id. */
  params: z.record(z.string(), z.unknown()),
  /** Which provider/engine produced it (`local`, a hosted model name …), once known. */
  engine: z.string().optional(),
  cost: z.number().int().nonnegative(),
  /** The node this one was made from (image-to-image, upscale …), if any. */
  parentNodeId: z.string().nullable(),
  requestedBy: zActor,
  createdAt: z.string(),
  /** The creation the output became (download, publish). */
  creationId: z.string().optional(),
  /** Earlier results, newest last (at most MAX_NODE_VERSIONS). */
  versions: z.array(zNodeVersion).default([]),
});
export type Lineage = z.infer<typeof zLineage>;
export const MAX_NODE_VERSIONS = 10;

const zBase = {
  id: z.string().min(1),
  x: z.number().finite(),
  y: z.number().finite(),
  width: z.number().finite().positive(),
  height: z.number().finite().positive(),
  rotation: z.number().finite().default(0),
  z: z.number().finite().default(0),
  parentId: z.string().nullable().default(null),
  locked: z.boolean().default(false),
  name: z.string().max(200).optional(),
  createdBy: z.string().optional(),
};

export const zImageNode = z.object({
  ...zBase,
  type: z.literal('image'),
  /** Our own media URL (`/api/media/<key>`) or a catalogue preview URL. */
  src: z.string(),
  generation: zLineage.optional(),
});
export const zVideoNode = z.object({
  ...zBase,
  type: z.literal('video'),
  src: z.string(),
  poster: z.string().optional(),
  durationS: z.number().nonnegative().optional(),
  generation: zLineage.optional(),
});
export const zTextNode = z.object({
  ...zBase,
  type: z.literal('text'),
  text: z.string().max(10_000),
  fontSize: z.number().positive().default(32),
  fill: z.string().default('#111827'),
  align: z.enum(['left', 'center', 'right']).default('left'),
});
export const zShapeNode = z.object({
  ...zBase,
  type: z.literal('shape'),
  shape: z.enum(SHAPE_KINDS),
  fill: z.string().default('#93c5fd'),
  stroke: z.string().default('#1d4ed8'),
  strokeWidth: z.number().nonnegative().default(2),
});
export const zFrameNode = z.object({
  ...zBase,
  type: z.literal('frame'),
  fill: z.string().default('#ffffff'),
});
/** A generation in flight (or failed): drawn with its progress, replaced by the result in place. */
export const zPlaceholderNode = z.object({
  ...zBase,
  type: z.literal('placeholder'),
  /** The kind of node it becomes. */
  output: z.enum(['image', 'video']),
  status: z.enum(PLACEHOLDER_STATUSES),
  /** Catalogue error once failed (`{ code, message }`). */
  error: z.object({ code: z.string(), message: z.string() }).optional(),
  /** Regenerating a generated node: its current result, restored if the new attempt fails. */
  previous: zNodeVersion.optional(),
  generation: zLineage,
});

export const zCanvasNode = z.discriminatedUnion('type', [zImageNode, zVideoNode, zTextNode, zShapeNode, zFrameNode, zPlaceholderNode]);
export type CanvasNode = z.infer<typeof zCanvasNode>;
export type ImageNode = z.infer<typeof zImageNode>;
export type VideoNode = z.infer<typeof zVideoNode>;
export type TextNode = z.infer<typeof zTextNode>;
export type ShapeNode = z.infer<typeof zShapeNode>;
export type FrameNode = z.infer<typeof zFrameNode>;
export type PlaceholderNode = z.infer<typeof zPlaceholderNode>;
export type NodeOf<T extends NodeType> = Extract<CanvasNode, { type: T }>;

export type NodesMap = Y.Map<Y.Map<unknown>>;

/** The document's node map. */
export function nodesOf(doc: Y.Doc): NodesMap {
  return doc.getMap<Y.Map<unknown>>(CANVAS_NODES);
}

/** A node's fields as a plain object, or null when they do not form a valid node (never throws). */
export function readNode(map: Y.Map<unknown>): CanvasNode | null {
  const parsed = zCanvasNode.safeParse(map.toJSON());
  return parsed.success ? parsed.data : null;
}

/** Every valid node of the document. */
export function readNodes(doc: Y.Doc): CanvasNode[] {
  const out: CanvasNode[] = [];
  nodesOf(doc).forEach((map) => {
    const node = readNode(map);
    if (node) out.push(node);
  });
  return out;
}

/** Adds (or replaces) a node. Call inside `doc.transact` to make several changes one step. */
export function writeNode(doc: Y.Doc, node: CanvasNode): void {
  const map = new Y.Map<unknown>();
  for (const [key, value] of Object.entries(node)) if (value !== undefined) map.set(key, value);
  nodesOf(doc).set(node.id, map);
}

/**
 * Changes some fields of a node; `undefined` deletes a field. Returns false when the node does
 * not exist (someone deleted it), so callers can decide not to resurrect it.
 */
export function updateNode(doc: Y.Doc, id: string, patch: Record<string, unknown>): boolean {
  const map = nodesOf(doc).get(id);
  if (!map) return false;
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'id') continue;
    if (value === undefined) map.delete(key);
    else map.set(key, value);
  }
  return true;
}

/** The highest z in the document (new nodes go above it). */
export function topZ(doc: Y.Doc): number {
  let top = 0;
  nodesOf(doc).forEach((map) => {
    const z = map.get('z');
    if (typeof z === 'number' && z > top) top = z;
  });
  return top;
}

/** What a finished task gives the node that was waiting for it. */
export interface GenerationResult {
  mediaType: 'image' | 'video';
  src: string;
  poster?: string;
  width?: number;
  height?: number;
  durationS?: number;
  engine?: string;
  creationId?: string;
  finishedAt: string;
}

/**
 * Turns a placeholder (or a generated node being regenerated) into its result, in place: same
 * id, position and size (the height follows the output's aspect ratio). The node's previous
 * result, if any, is kept in `generation.versions`. Returns false when the node is gone.
 */
export function resolvePlaceholder(doc: Y.Doc, nodeId: string, result: GenerationResult): boolean {
  const map = nodesOf(doc).get(nodeId);
  if (!map) return false;
  const current = readNode(map);
  if (!current || (current.type !== 'placeholder' && current.type !== 'image' && current.type !== 'video')) return false;
  const lineage = current.generation;
  if (!lineage) return false;
  const pending = map.get('previous') as NodeVersion | undefined;
  const versions = pending ? [...lineage.versions, pending].slice(-MAX_NODE_VERSIONS) : lineage.versions;
  const height = result.width && result.height ? Math.round((current.width * result.height) / result.width) : current.height;
  doc.transact(() => {
    for (const key of ['status', 'error', 'output', 'previous']) map.delete(key);
    map.set('type', result.mediaType);
    map.set('src', result.src);
    if (result.poster) map.set('poster', result.poster);
    else map.delete('poster');
    if (result.durationS !== undefined) map.set('durationS', result.durationS);
    map.set('height', height);
    map.set('generation', {
      ...lineage,
      ...(result.engine ? { engine: result.engine } : {}),
      ...(result.creationId ? { creationId: result.creationId } : {}),
      versions,
    } satisfies Lineage);
  });
  return true;
}

/**
 * Marks a waiting node failed with the catalogue message. A regenerated node (one that had a
 * result before) gets its previous result back instead, so a failure never loses an image.
 */
export function failPlaceholder(doc: Y.Doc, nodeId: string, error: { code: string; message: string }): boolean {
  const map = nodesOf(doc).get(nodeId);
  if (!map) return false;
  const previous = map.get('previous') as NodeVersion | undefined;
  doc.transact(() => {
    if (previous) {
      for (const key of ['previous', 'status', 'output', 'error']) map.delete(key);
      map.set('type', previous.mediaType);
      map.set('src', previous.src);
      if (previous.poster) map.set('poster', previous.poster);
      if (previous.height) map.set('height', previous.height);
      return;
    }
    map.set('status', 'failed');
    map.set('error', error);
  });
  return true;
}
