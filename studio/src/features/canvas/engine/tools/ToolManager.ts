/**
 * Owns the tools and routes pointer gestures. The current tool gets them, except that holding
 * space swaps in the hand tool and a middle-button press pans whatever the tool; a gesture stays
 * with the tool that began it until release.
 */
import type { CanvasManager } from '../CanvasManager.ts';
import { Observable } from '../subscribable.ts';
import type { Disposable, Subscribable, ToolId } from '../types.ts';
import type { BaseTool, ToolPointer } from './BaseTool.ts';
import { ExpandTool } from './ExpandTool.ts';
import { FrameTool } from './FrameTool.ts';
import { HandTool } from './HandTool.ts';
import { SelectTool } from './SelectTool.ts';
import { ShapeTool } from './ShapeTool.ts';
import { TextTool } from './TextTool.ts';

export class ToolManager extends Observable implements Subscribable, Disposable {
  current: ToolId = 'select';
  private readonly tools: Record<ToolId, BaseTool>;
  /** Space is held: the hand tool stands in for the current tool. */
  private spaceHeld = false;
  /** The tool handling the pointer gesture in flight. */
  private gestureOwner: BaseTool | null = null;

  constructor(manager: CanvasManager) {
    super();
    this.tools = {
      select: new SelectTool(manager),
      hand: new HandTool(manager),
      frame: new FrameTool(manager),
      text: new TextTool(manager),
      rect: new ShapeTool(manager, 'rect'),
      ellipse: new ShapeTool(manager, 'ellipse'),
      expand: new ExpandTool(manager),
    };
  }

  get(id: ToolId): BaseTool {
    return this.tools[id];
  }

  /** The tool that receives the next press. */
  get active(): BaseTool {
    return this.gestureOwner ?? (this.spaceHeld ? this.tools.hand : this.tools[this.current]);
  }

  /** e.g. 'select.dragging', 'hand.panning' (TestCanvas.expectToBeIn reads it). */
  stateOf(): string {
    const tool = this.active;
    return `${tool.id}.${tool.state}`;
  }

  /** Switches tools, abandoning the gesture in flight. */
  set(id: ToolId): void {
    if (id === this.current) return;
    this.gestureOwner?.cancel();
    this.gestureOwner = null;
    this.tools[this.current].onExit();
    this.current = id;
    this.notify();
  }

  /** Space pressed/released: temporary hand tool (only between gestures). */
  holdHand(held: boolean): void {
    if (held === this.spaceHeld) return;
    this.spaceHeld = held;
    this.notify();
  }

  get busy(): boolean {
    return this.gestureOwner !== null;
  }

  pointerDown(e: ToolPointer): void {
    if (this.gestureOwner) return;
    const owner = e.button === 1 ? this.tools.hand : this.active;
    this.gestureOwner = owner;
    owner.beginGesture();
    owner.onPointerDown(e);
    // A tool that ignored the press (wrong button, nothing to do) did not start a gesture.
    if (!owner.busy && this.gestureOwner === owner) this.gestureOwner = null;
    this.notify();
  }

  pointerMove(e: ToolPointer): void {
    (this.gestureOwner ?? this.active).onPointerMove(e);
  }

  pointerUp(e: ToolPointer): void {
    const owner = this.gestureOwner;
    this.gestureOwner = null;
    owner?.onPointerUp(e);
    this.notify();
  }

  /** Abandons the gesture in flight; true when there was one. */
  cancel(): boolean {
    const owner = this.gestureOwner;
    this.gestureOwner = null;
    const cancelled = owner ? owner.cancel() : this.active.cancel();
    if (cancelled) this.notify();
    return cancelled;
  }

  /** A tool's state changed. */
  changed(): void {
    this.notify();
  }

  override dispose(): void {
    this.gestureOwner?.cancel();
    this.gestureOwner = null;
    super.dispose();
  }
}
