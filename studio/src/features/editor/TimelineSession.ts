/**
 * The editor's handle on the project's timeline in the live Yjs document (outside React, like
 * the canvas engine): it reads the timeline, applies pure edits from `@tessera/shared/timeline`
 * in one transaction each under this client's origin, and keeps a Y.UndoManager scoped to the
 * timeline map and that origin — so undo takes back only my edits, never a collaborator's or a
 * server write (a finished generation), and never the canvas's (which has its own history).
 */
import { emptyTimeline, type Timeline } from '@tessera/shared/timeline';
import { applyTimeline, ensureTracks, readTimeline, timelineOf } from '@tessera/shared/timeline/doc';
import * as Y from 'yjs';

export class TimelineSession {
  /** Transactions of this client's edits carry this origin (the undo manager tracks it). */
  readonly origin = { editor: true };
  private readonly undoManager: Y.UndoManager;
  private readonly listeners = new Set<() => void>();
  private cached: Timeline | null = null;
  private readonly onChange = () => {
    this.cached = null;
    for (const listener of [...this.listeners]) listener();
  };
  private readOnly: boolean;

  constructor(
    readonly doc: Y.Doc,
    opts: { readOnly: boolean },
  ) {
    this.readOnly = opts.readOnly;
    const map = timelineOf(doc);
    // captureTimeout 0: each committed gesture is its own undo step.
    this.undoManager = new Y.UndoManager(map, { trackedOrigins: new Set([this.origin]), captureTimeout: 0 });
    this.undoManager.on('stack-item-added', this.onChange);
    this.undoManager.on('stack-item-popped', this.onChange);
    map.observeDeep(this.onChange);
    // A project without tracks gets the default ones (not an undo step: no origin of ours).
    if (!this.readOnly) ensureTracks(doc);
  }

  /** The current timeline (the same object until the document changes, for React's snapshot). */
  get timeline(): Timeline {
    if (!this.cached) {
      const read = readTimeline(this.doc);
      this.cached = read.tracks.length ? read : { ...read, tracks: emptyTimeline().tracks };
    }
    return this.cached;
  }

  get isReadOnly(): boolean {
    return this.readOnly;
  }

  setReadOnly(readOnly: boolean): void {
    if (readOnly === this.readOnly) return;
    this.readOnly = readOnly;
    if (!readOnly) ensureTracks(this.doc);
    this.onChange();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs a pure edit on the current timeline and writes what changed (one undo step). Viewers: nothing. */
  edit(op: (t: Timeline) => Timeline): void {
    if (this.readOnly) return;
    const before = this.timeline;
    const next = op(before);
    if (next === before) return;
    applyTimeline(this.doc, next, this.origin);
  }

  get canUndo(): boolean {
    return !this.readOnly && this.undoManager.canUndo();
  }

  get canRedo(): boolean {
    return !this.readOnly && this.undoManager.canRedo();
  }

  undo(): void {
    if (!this.readOnly) this.undoManager.undo();
  }

  redo(): void {
    if (!this.readOnly) this.undoManager.redo();
  }

  dispose(): void {
    timelineOf(this.doc).unobserveDeep(this.onChange);
    this.undoManager.off('stack-item-added', this.onChange);
    this.undoManager.off('stack-item-popped', this.onChange);
    this.undoManager.destroy();
    this.listeners.clear();
  }
}
