/**
 * Tools are small state machines (tldraw's StateNodes): the ToolManager forwards pointer events
 * to the active tool, which moves between states and writes the document once when a gesture ends.
 */
import type { CanvasManager } from '../CanvasManager.ts';
import type { CanvasPointerEvent, Point, ToolId } from '../types.ts';

/** A pointer event with its canvas position already computed. */
export interface ToolPointer extends CanvasPointerEvent {
  canvas: Point;
}

/** Screen pixels the pointer must travel before a press becomes a drag. */
export const DRAG_THRESHOLD_PX = 3;

export abstract class BaseTool {
  abstract readonly id: ToolId;
  private currentState = 'idle';
  private refusedThisGesture = false;

  constructor(protected readonly manager: CanvasManager) {}

  get state(): string {
    return this.currentState;
  }

  /** A gesture (press → release) is in flight. */
  get busy(): boolean {
    return this.currentState !== 'idle';
  }

  /** Called by the ToolManager before each pointer-down. */
  beginGesture(): void {
    this.refusedThisGesture = false;
  }

  onPointerDown(_e: ToolPointer): void {}
  onPointerMove(_e: ToolPointer): void {}
  onPointerUp(_e: ToolPointer): void {}

  /** Abandons the gesture in flight (escape, tool switch); true when there was one. */
  cancel(): boolean {
    const was = this.busy;
    this.setState('idle');
    return was;
  }

  /** The tool stops being the current one. */
  onExit(): void {
    this.cancel();
  }

  protected setState(state: string): void {
    if (state === this.currentState) return;
    this.currentState = state;
    this.manager.tools.changed();
  }

  /** A viewer tried to change the canvas: tell the UI once per gesture. */
  refuse(): void {
    if (this.refusedThisGesture) return;
    this.refusedThisGesture = true;
    this.manager.emit('readOnlyAttempt', {});
  }
}
