/**
 * The DOM side of input: listens on the stage container and forwards normalised events (screen
 * points relative to the container) to the CanvasManager, which owns every decision — tools,
 * shortcuts, hit-testing. Also keeps the manager's size in step with the container, and the
 * cursor in step with the tool and what is under the pointer.
 */
import type { CanvasManager } from './CanvasManager.ts';
import { handleAt, selectionBox, type HandleId } from './handles.ts';
import type { CanvasKeyEvent, CanvasPointerEvent, Disposable, Point } from './types.ts';

export interface DomInputOptions {
  /** Accessible name of the canvas (translated by the UI). */
  ariaLabel: string;
}

/** Wheel deltas in lines or pages become pixels (Firefox with a mouse reports lines). */
const LINE_PX = 16;

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent);

/** Direction of each handle in the box's frame, degrees (0 = east, clockwise). */
const HANDLE_ANGLE: Record<Exclude<HandleId, 'rotate'>, number> = { e: 0, se: 45, s: 90, sw: 135, w: 180, nw: 225, n: 270, ne: 315 };
const RESIZE_CURSORS = ['ew-resize', 'nwse-resize', 'ns-resize', 'nesw-resize'] as const;

/** The resize cursor closest to a handle's direction once the box is rotated. */
export function resizeCursor(handle: Exclude<HandleId, 'rotate'>, rotation: number): string {
  const angle = (((HANDLE_ANGLE[handle] + rotation) % 180) + 180) % 180;
  return RESIZE_CURSORS[Math.round(angle / 45) % 4] as string;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

export class DomInput implements Disposable {
  private readonly resizeObserver: ResizeObserver | null = null;
  private readonly unsubscribes: (() => void)[] = [];
  private readonly captured = new Set<number>();
  private hover: Point | null = null;
  private cursor = '';
  /**
   * The container's page position, refreshed when a gesture or wheel burst starts and on
   * resize/scroll: reading it per pointer move would force a style recalculation every frame
   * while the canvas restyles itself.
   */
  private origin: { left: number; top: number } | null = null;
  private lastWheel = -Infinity;

  constructor(
    readonly container: HTMLElement,
    readonly manager: CanvasManager,
    options: DomInputOptions,
  ) {
    container.tabIndex = 0;
    container.setAttribute('role', 'application');
    container.setAttribute('aria-label', options.ariaLabel);
    // The browser must not pan, zoom or select text for touches and drags: the engine does.
    container.style.touchAction = 'none';
    container.style.userSelect = 'none';

    const on = <K extends keyof HTMLElementEventMap>(type: K, listener: (e: HTMLElementEventMap[K]) => void, opts?: AddEventListenerOptions) => {
      container.addEventListener(type, listener, opts);
      this.unsubscribes.push(() => container.removeEventListener(type, listener, opts));
    };
    on('pointerdown', this.onPointerDown);
    on('pointermove', this.onPointerMove);
    on('pointerup', this.onPointerUp);
    on('pointercancel', this.onPointerUp);
    on('pointerleave', this.onPointerLeave);
    on('wheel', this.onWheel, { passive: false });
    on('keydown', this.onKeyDown);
    on('keyup', this.onKeyUp);
    on('blur', this.onBlur);
    on('dblclick', this.onDoubleClick);
    on('dragover', this.onDragOver);
    on('drop', this.onDrop);
    on('paste', this.onPaste);
    on('pointerenter', this.forgetOrigin);
    on('dragenter', this.forgetOrigin);
    window.addEventListener('scroll', this.forgetOrigin, { capture: true, passive: true });
    this.unsubscribes.push(() => window.removeEventListener('scroll', this.forgetOrigin, { capture: true }));

    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.measure());
      this.resizeObserver.observe(container);
    }
    this.measure();
    this.unsubscribes.push(manager.tools.subscribe(() => this.updateCursor()), manager.selection.subscribe(() => this.updateCursor()));
    this.updateCursor();
  }

  dispose(): void {
    for (const off of this.unsubscribes.splice(0)) off();
    this.resizeObserver?.disconnect();
    this.container.style.cursor = '';
  }

  private readonly forgetOrigin = (): void => {
    this.origin = null;
  };

  private measure(): void {
    this.origin = null;
    const { width, height } = this.container.getBoundingClientRect();
    if (width > 0 && height > 0) this.manager.setSize({ width: Math.round(width), height: Math.round(height) });
  }

  private point(e: { clientX: number; clientY: number }): Point {
    this.origin ??= this.container.getBoundingClientRect();
    return { x: e.clientX - this.origin.left, y: e.clientY - this.origin.top };
  }

  private modKey(e: { ctrlKey: boolean; metaKey: boolean }): boolean {
    return IS_MAC ? e.metaKey : e.ctrlKey;
  }

  private pointerEvent(e: PointerEvent): CanvasPointerEvent {
    return { point: this.point(e), button: e.button, shiftKey: e.shiftKey, altKey: e.altKey, modKey: this.modKey(e), pointerId: e.pointerId };
  }

  private keyEvent(e: KeyboardEvent): CanvasKeyEvent {
    return { key: e.key, code: e.code, shiftKey: e.shiftKey, altKey: e.altKey, modKey: this.modKey(e), repeat: e.repeat };
  }

  private readonly onPointerDown = (e: PointerEvent): void => {
    // Only presses on the canvas itself: panels the UI puts inside the container handle their own.
    if (e.target !== this.container && isEditable(e.target)) return;
    this.origin = null;
    this.container.focus({ preventScroll: true });
    this.container.setPointerCapture?.(e.pointerId);
    this.captured.add(e.pointerId);
    // Middle button: no autoscroll; left: no text selection or native drag of the canvas.
    e.preventDefault();
    this.manager.pointerDown(this.pointerEvent(e));
    this.updateCursor();
  };

  private readonly onPointerMove = (e: PointerEvent): void => {
    const ev = this.pointerEvent(e);
    this.hover = ev.point;
    this.manager.pointerMove(ev);
    this.updateCursor();
  };

  private readonly onPointerUp = (e: PointerEvent): void => {
    if (!this.captured.delete(e.pointerId)) return;
    if (this.container.hasPointerCapture?.(e.pointerId)) this.container.releasePointerCapture(e.pointerId);
    this.manager.pointerUp(this.pointerEvent(e));
    this.updateCursor();
  };

  private readonly onPointerLeave = (e: PointerEvent): void => {
    // A captured pointer keeps its gesture while outside; only a free one "leaves".
    if (this.captured.has(e.pointerId)) return;
    this.hover = null;
    this.manager.pointerLeave();
  };

  private readonly onWheel = (e: WheelEvent): void => {
    // The page must not scroll or zoom (ctrl+wheel / pinch) while over the canvas.
    e.preventDefault();
    if (e.timeStamp - this.lastWheel > 300) this.origin = null;
    this.lastWheel = e.timeStamp;
    const unit = e.deltaMode === WheelEvent.DOM_DELTA_LINE ? LINE_PX : e.deltaMode === WheelEvent.DOM_DELTA_PAGE ? this.container.clientHeight : 1;
    let deltaX = e.deltaX * unit;
    let deltaY = e.deltaY * unit;
    // Shift+wheel on a mouse scrolls sideways, as everywhere else.
    if (e.shiftKey && !deltaX) [deltaX, deltaY] = [deltaY, 0];
    // Pinch-zoom arrives as ctrl+wheel on every platform; cmd+wheel zooms on macOS.
    this.manager.wheel({ point: this.point(e), deltaX, deltaY, modKey: e.ctrlKey || e.metaKey });
  };

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (e.target !== this.container && isEditable(e.target)) return;
    if (this.manager.keyDown(this.keyEvent(e))) e.preventDefault();
    this.updateCursor();
  };

  private readonly onKeyUp = (e: KeyboardEvent): void => {
    if (e.target !== this.container && isEditable(e.target)) return;
    this.manager.keyUp(this.keyEvent(e));
    this.updateCursor();
  };

  /** Focus left with space held: its keyup will never come here, so release the hand now. */
  private readonly onBlur = (): void => {
    this.manager.keyUp({ key: ' ', code: 'Space', shiftKey: false, altKey: false, modKey: false, repeat: false });
    this.updateCursor();
  };

  private readonly onDoubleClick = (e: MouseEvent): void => {
    if (e.target !== this.container && isEditable(e.target)) return;
    this.manager.doubleClick(this.point(e));
  };

  private readonly onDragOver = (e: DragEvent): void => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    // Accepting the drag is what makes `drop` fire.
    e.preventDefault();
    e.dataTransfer.dropEffect = this.manager.options.readOnly ? 'none' : 'copy';
  };

  private readonly onDrop = (e: DragEvent): void => {
    const files = [...(e.dataTransfer?.files ?? [])];
    if (!files.length) return;
    e.preventDefault();
    this.container.focus({ preventScroll: true });
    this.manager.drop({ files }, this.point(e));
  };

  private readonly onPaste = (e: ClipboardEvent): void => {
    if (e.target !== this.container && isEditable(e.target)) return;
    const data = e.clipboardData;
    const files = [...(data?.files ?? [])];
    const text = data?.getData('text/plain') ?? null;
    e.preventDefault();
    this.manager.paste({ text, files }, this.hover ?? undefined);
  };

  private updateCursor(): void {
    const next = this.cursorFor();
    if (next === this.cursor) return;
    this.cursor = next;
    this.container.style.cursor = next;
  }

  private cursorFor(): string {
    const { tools } = this.manager;
    const state = tools.stateOf();
    if (state.startsWith('hand.')) return tools.busy ? 'grabbing' : 'grab';
    switch (tools.current) {
      case 'frame':
      case 'rect':
      case 'ellipse':
      case 'expand':
        return 'crosshair';
      case 'text':
        return 'text';
      default:
        break;
    }
    if (state === 'select.dragging') return 'move';
    if (state === 'select.rotating') return 'grabbing';
    if (!this.hover || this.manager.options.readOnly) return 'default';
    const { store, viewport, selection } = this.manager;
    const box = selection.ids.length ? selectionBox(store, selection.ids) : null;
    if (!box || box.locked) return 'default';
    const handle = handleAt(box, viewport.screenToCanvas(this.hover), viewport.camera.zoom);
    if (!handle) return 'default';
    return handle === 'rotate' ? 'grab' : resizeCursor(handle, box.rotation);
  }
}
