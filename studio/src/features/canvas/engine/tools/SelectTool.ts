/**
 * The select tool: click / shift-click / marquee selection, moving, resizing and rotating.
 * States (tldraw's SelectTool child states): idle → pointing → dragging | marquee, and
 * idle → resizing | rotating from the selection's handles. Every gesture previews in the store
 * and commits once on release. Viewers may select but nothing moves (`readOnlyAttempt`).
 */
import { handleAt, selectionBox } from '../handles.ts';
import { BaseTool, type ToolPointer } from './BaseTool.ts';
import { Pointing } from './select/Pointing.ts';
import { Resizing } from './select/Resizing.ts';
import { Rotating } from './select/Rotating.ts';

export type SelectStateName = 'idle' | 'pointing' | 'dragging' | 'marquee' | 'resizing' | 'rotating';

/** One child state of the select tool. */
export interface SelectChild {
  readonly name: Exclude<SelectStateName, 'idle'>;
  onPointerMove(e: ToolPointer): void;
  onPointerUp(e: ToolPointer): void;
  /** Drops the gesture's preview and overlay. */
  cancel(): void;
}

export class SelectTool extends BaseTool {
  readonly id = 'select' as const;
  private child: SelectChild | null = null;

  /** The manager the child states work on. */
  get canvas() {
    return this.manager;
  }

  transition(next: SelectChild | null): void {
    this.child = next;
    this.setState(next?.name ?? 'idle');
  }

  override onPointerDown(e: ToolPointer): void {
    if (e.button !== 0 || this.child) return;
    const m = this.manager;
    const zoom = m.viewport.camera.zoom;
    if (!m.readOnly) {
      const box = selectionBox(m.store, m.selection.ids);
      const handle = box && !box.locked ? handleAt(box, e.canvas, zoom) : null;
      if (box && handle) return this.transition(handle === 'rotate' ? new Rotating(this, e, box) : new Resizing(this, e, box, handle));
    }
    const node = m.store.hitTest(e.canvas);
    const wasSelected = !!node && m.selection.has(node.id);
    // Shift keeps the rest of the selection, flow cards (the selectable layer's) included.
    if (node && !wasSelected) m.selection.set(e.shiftKey ? [...m.selection.ids, node.id] : [node.id], e.shiftKey ? m.selection.layerIds : []);
    if (!node && !e.shiftKey) m.selection.clear();
    this.transition(new Pointing(this, e, { nodeId: node?.id ?? null, wasSelected, shift: e.shiftKey }));
  }

  override onPointerMove(e: ToolPointer): void {
    this.child?.onPointerMove(e);
  }

  override onPointerUp(e: ToolPointer): void {
    this.child?.onPointerUp(e);
  }

  override cancel(): boolean {
    const child = this.child;
    child?.cancel();
    this.transition(null);
    return !!child;
  }
}
