/**
 * Live progress of placeholder nodes, fed by the UI from the project's socket events
 * (`task:progress` with `nodeId`). Kept outside Yjs: progress is ephemeral and every collaborator
 * receives it from the server directly.
 */
import { Observable } from './subscribable.ts';
import type { Disposable, NodeProgress, Subscribable } from './types.ts';

export class ProgressStore extends Observable implements Subscribable, Disposable {
  private readonly entries = new Map<string, NodeProgress>();

  get(nodeId: string): NodeProgress | undefined {
    return this.entries.get(nodeId);
  }

  /** `p.progress` is a percentage (0–100), as in the `task:progress` socket event. */
  set(nodeId: string, p: NodeProgress): void {
    const progress = { ...p, progress: Math.min(100, Math.max(0, p.progress)) };
    const before = this.entries.get(nodeId);
    if (before && before.progress === progress.progress && before.stage === progress.stage && before.by?.id === progress.by?.id) return;
    this.entries.set(nodeId, progress);
    this.notify();
  }

  clear(nodeId: string): void {
    if (this.entries.delete(nodeId)) this.notify();
  }

  override dispose(): void {
    this.entries.clear();
    super.dispose();
  }
}
