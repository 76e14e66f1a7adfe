/**
 * A canvas node's media as generation input and as a download. Only media the server can read
 * as an input (our own `/api/media/<key>` or an http(s) URL) can feed an action.
 */
import { parseImageRef } from '@tessera/shared/generation';
import type { CanvasNode } from '@tessera/shared/canvas';

/** The image a node can give to an image action, or null (text, shape, placeholder, foreign URL …). */
export function imageInputOf(node: CanvasNode | undefined | null): string | null {
  if (!node || node.type !== 'image') return null;
  return parseImageRef(node.src) ? node.src : null;
}

/** A file name for a download: the node's name, or its kind and a short id, with the media's extension. */
export function downloadName(node: { id: string; name?: string; type: string }, src: string): string {
  const ext = /\.(png|jpe?g|webp|gif|avif|mp4|webm)(?:$|\?)/i.exec(src)?.[1]?.toLowerCase() ?? (node.type === 'video' ? 'mp4' : 'png');
  const base = (node.name ?? '').trim().replace(/[^\p{L}\p{N}_ -]+/gu, '').replace(/\s+/g, '-').slice(0, 60) || `tessera-${node.type}-${node.id.slice(0, 8)}`;
  return `${base}.${ext}`;
}

/** Saves a URL or a blob under `filename` (same-origin URLs keep the name; others open). */
export function saveFile(source: string | Blob, filename: string): void {
  const href = typeof source === 'string' ? source : URL.createObjectURL(source);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (typeof source !== 'string') setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
