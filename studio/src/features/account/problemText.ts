/**
 * Errors of the account page's own calls are shown in the card's alert region (§8 messages as
 * the server words them); the app-wide reactions (sign-in, USER_DELETED, site updated, …) still
 * run for everything else.
 */
import { classifyError } from '../../lib/clientErrors.ts';
import { reactToError } from '../errors/errorReactions.ts';

/** The text for the card's alert, or null when the global reaction took care of it. */
export function alertTextFor(error: unknown): string | null {
  const reaction = classifyError(error);
  if (reaction.kind === 'toast' || reaction.kind === 'usage') {
    console.error('[tessera] call failed', error);
    return reaction.message;
  }
  reactToError(error);
  return null;
}
