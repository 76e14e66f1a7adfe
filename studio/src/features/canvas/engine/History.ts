/**
 * Undo/redo of MY changes only: a Y.UndoManager over the nodes map that tracks the manager's
 * local origin. Remote edits and server writes (generation results) carry other origins, so
 * they are never undone by me; `captureTimeout: 0` makes each committed gesture its own step.
 */
import { nodesOf } from '@tessera/shared/canvas';
import { flowEdgesOf, flowNodesOf, flowRunsOf } from '@tessera/shared/flows/document';
import * as Y from 'yjs';
import { Observable } from './subscribable.ts';
import type { Disposable, Subscribable } from './types.ts';

export class History extends Observable implements Subscribable, Disposable {
  private readonly undoManager: Y.UndoManager;
  private readonly onStackChange = () => this.notify();

  constructor(doc: Y.Doc, localOrigin: object) {
    super();
    this.undoManager = new Y.UndoManager(
      // Flows (issue 24) share the canvas's undo: my flow edits are steps of the same per-user
      // history (the server's run records carry its origin and are never undone by me).
      [nodesOf(doc), flowNodesOf(doc), flowEdgesOf(doc), flowRunsOf(doc)],
      { trackedOrigins: new Set([localOrigin]), captureTimeout: 0 },
    );
    this.undoManager.on('stack-item-added', this.onStackChange);
    this.undoManager.on('stack-item-popped', this.onStackChange);
    this.undoManager.on('stack-cleared', this.onStackChange);
  }

  get canUndo(): boolean {
    return this.undoManager.canUndo();
  }

  get canRedo(): boolean {
    return this.undoManager.canRedo();
  }

  undo(): void {
    this.undoManager.undo();
  }

  redo(): void {
    this.undoManager.redo();
  }

  clear(): void {
    this.undoManager.clear();
  }

  override dispose(): void {
    this.undoManager.off('stack-item-added', this.onStackChange);
    this.undoManager.off('stack-item-popped', this.onStackChange);
    this.undoManager.off('stack-cleared', this.onStackChange);
    this.undoManager.destroy();
    super.dispose();
  }
}
