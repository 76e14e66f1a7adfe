/**
 * Accept-time face detection, remembered by picture content. The checks in faceChecks.ts run the
 * detector on the request path (on the app's one engine thread); a user retrying a lip sync or a
 * face swap with the same photo or clip — or another model for it — gets the same answer without
 * detecting again. Keyed by the SHA-256 of the pictures, so the same bytes uploaded twice share
 * an entry and different bytes never do. Bounded: the oldest entries go first.
 */
import { createHash } from 'node:crypto';

const MAX_ENTRIES = 256;

export class ContentCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly max = MAX_ENTRIES) {}

  /** The answer for `inputs`, computed once (concurrent callers share the computation). */
  get(inputs: readonly Buffer[], compute: () => Promise<T>): Promise<T> {
    const hash = createHash('sha256');
    for (const input of inputs) hash.update(createHash('sha256').update(input).digest());
    const key = hash.digest('hex');
    const known = this.entries.get(key);
    if (known) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const pending = compute();
    this.entries.set(key, pending);
    // A failure is not remembered: the next request tries again.
    pending.catch(() => this.entries.delete(key));
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}
