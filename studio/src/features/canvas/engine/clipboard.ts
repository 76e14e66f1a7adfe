/**
 * Copy, cut and paste of nodes. The copy lives in an in-memory buffer (instant paste in this tab)
 * and, when the browser allows it, on the system clipboard as text with a marker, so it can be
 * pasted into another project or tab. Pasted nodes get new ids and sit 24 units lower-right of the
 * originals (another 24 per repeated paste); a copied frame brings its children, and a child
 * copied without its frame stays in that frame.
 */
import { zCanvasNode, type CanvasNode } from '@tessera/shared/canvas';
import { z } from 'zod';
import type { CanvasManager } from './CanvasManager.ts';
import { newNodeId } from './ids.ts';
import type { Point } from './types.ts';

export const CLIPBOARD_MARKER = 'application/x-tessera-canvas;';
export const PASTE_OFFSET = 24;
/** A clipboard payload is someone else's input: bounded and validated. */
const zClipboardPayload = z.object({ version: z.literal(1), nodes: z.array(zCanvasNode).max(10_000) });

export function serializeNodes(nodes: CanvasNode[]): string {
  return CLIPBOARD_MARKER + JSON.stringify({ version: 1, nodes });
}

/** The nodes of a clipboard text written by `serializeNodes`, or null for any other text. */
export function parseClipboardText(text: string): CanvasNode[] | null {
  if (!text.startsWith(CLIPBOARD_MARKER)) return null;
  try {
    const parsed = zClipboardPayload.safeParse(JSON.parse(text.slice(CLIPBOARD_MARKER.length)));
    return parsed.success ? parsed.data.nodes : null;
  } catch {
    return null;
  }
}

/**
 * Copies of `nodes` with new ids, moved by `offset`, stacked above `topZ` in their original
 * order. Parents copied along are remapped; others are kept when `parentExists`, else dropped.
 * Placeholders are left out: a copy would wait forever for a task that fills the original.
 */
export function cloneNodes(nodes: CanvasNode[], opts: { offset: number; topZ: number; parentExists(id: string): boolean; createdBy?: string }): CanvasNode[] {
  const kept = nodes.filter((n) => n.type !== 'placeholder');
  const ids = new Map(kept.map((n) => [n.id, newNodeId()]));
  const byZ = [...kept].sort((a, b) => a.z - b.z);
  return byZ.map((n, i) => {
    const parentId = n.parentId ? (ids.get(n.parentId) ?? (opts.parentExists(n.parentId) ? n.parentId : null)) : null;
    return {
      ...n,
      id: ids.get(n.id) as string,
      x: n.x + opts.offset,
      y: n.y + opts.offset,
      z: opts.topZ + 1 + i,
      parentId,
      ...(opts.createdBy ? { createdBy: opts.createdBy } : {}),
    };
  });
}

/** Roots of a cloned set: the nodes whose parent was not cloned with them (what gets selected). */
export function cloneRoots(clones: CanvasNode[]): string[] {
  const ids = new Set(clones.map((n) => n.id));
  return clones.filter((n) => !n.parentId || !ids.has(n.parentId)).map((n) => n.id);
}

export class Clipboard {
  private buffer: CanvasNode[] = [];
  private pastes = 0;

  constructor(private readonly manager: CanvasManager) {}

  get isEmpty(): boolean {
    return this.buffer.length === 0;
  }

  /** Copies the selection (frames with their children). */
  copy(): boolean {
    const m = this.manager;
    const ids = [...m.selection.ids];
    if (!ids.length) return false;
    const all = [...ids, ...m.store.descendantsOf(ids)];
    this.buffer = all.map((id) => m.store.committed(id)).filter((n): n is CanvasNode => !!n);
    this.pastes = 0;
    const text = serializeNodes(this.buffer);
    // Best effort: the system clipboard needs a secure context and focus; the buffer always works.
    globalThis.navigator?.clipboard?.writeText(text).catch(() => {});
    return true;
  }

  cut(): boolean {
    if (!this.copy()) return false;
    this.manager.deleteNodes([...this.manager.selection.ids]);
    // Pasting what was cut puts it back where it was.
    this.pastes = -1;
    return true;
  }

  /** Pastes the in-memory copy. */
  paste(): string[] {
    if (!this.buffer.length) return [];
    this.pastes++;
    return this.pasteNodes(this.buffer, PASTE_OFFSET * this.pastes);
  }

  /**
   * Pastes text from a paste event: our own nodes (from this or another tab) or plain text as a
   * text node at `at`. Returns the new ids ([] when nothing was pasted).
   */
  pasteText(text: string, at: Point): string[] {
    const nodes = parseClipboardText(text);
    if (nodes) {
      const same = nodes.length === this.buffer.length && nodes.every((n, i) => n.id === this.buffer[i]?.id);
      if (same) return this.paste();
      this.buffer = nodes;
      this.pastes = 1;
      return this.pasteNodes(nodes, PASTE_OFFSET);
    }
    const trimmed = text.trim().slice(0, 10_000);
    if (!trimmed) return [];
    const created = this.manager.insertNodes([{ id: newNodeId(), type: 'text', text: trimmed, x: at.x, y: at.y, width: 320, height: 40, createdBy: this.manager.options.user.id }], {
      select: true,
      intoFrames: true,
    });
    return created.map((n) => n.id);
  }

  /** Duplicates the selection in place + 24 (mod+d). */
  duplicate(): string[] {
    const m = this.manager;
    const ids = [...m.selection.ids];
    if (!ids.length) return [];
    const nodes = [...ids, ...m.store.descendantsOf(ids)].map((id) => m.store.committed(id)).filter((n): n is CanvasNode => !!n);
    return this.pasteNodes(nodes, PASTE_OFFSET);
  }

  private pasteNodes(nodes: CanvasNode[], offset: number): string[] {
    const m = this.manager;
    const clones = cloneNodes(nodes, { offset, topZ: m.store.topZ(), parentExists: (id) => m.store.has(id), createdBy: m.options.user.id });
    if (!clones.length) return [];
    m.store.commit((tx) => {
      for (const node of clones) tx.set(node);
    });
    const roots = cloneRoots(clones);
    m.selection.set(roots);
    return clones.map((n) => n.id);
  }
}
