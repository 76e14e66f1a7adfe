/** How the collaboration extensions say no. */
import type { CollabReason } from '@tessera/shared/projects';

/**
 * Thrown from a Hocuspocus hook to refuse a connection or a document load. Hocuspocus sends
 * `reason` to the provider (`authenticationFailed`). The message stays empty on purpose:
 * Hocuspocus prints every hook error that has a message to the console, and a refusal is not an
 * error (the extensions log real failures through the app's logger themselves).
 */
export class CollabRefusal extends Error {
  constructor(readonly reason: CollabReason) {
    super('');
    this.name = 'CollabRefusal';
  }
}
