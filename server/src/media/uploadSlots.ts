/**
 * Uploads in progress, counted per key (a session, an IP address) in this process. An upload
 * holds a slot under each of its keys until it ends, however it ends; one over any key's limit
 * is refused before its body is read.
 */
export class UploadSlots {
  private readonly inUse = new Map<string, number>();

  /** Takes a slot under every key, or none when a key is at its limit. Returns the release (safe to call twice), or null. */
  tryAcquire(keys: readonly { key: string; max: number }[]): (() => void) | null {
    if (keys.some(({ key, max }) => (this.inUse.get(key) ?? 0) >= max)) return null;
    for (const { key } of keys) this.inUse.set(key, (this.inUse.get(key) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const { key } of keys) {
        const left = (this.inUse.get(key) ?? 1) - 1;
        if (left > 0) this.inUse.set(key, left);
        else this.inUse.delete(key);
      }
    };
  }

  /** Uploads in progress under `key`. */
  count(key: string): number {
    return this.inUse.get(key) ?? 0;
  }
}
