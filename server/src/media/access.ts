/**
 * Who may read a stored object: its owner always; admins (moderation needs to see hidden and
 * reported work); members of a project whose canvas shows it; anyone when the object is marked
 * public — but the public never gets a published original, only what media/published.ts serves.
 * A signed-in stranger gets NOT_FOUND, so they cannot even learn that a private file exists;
 * no session and not public is UNAUTHORIZED. Used by every route that serves stored media.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '@tessera/db/connect';
import { AppError } from '@tessera/shared/errors';
import type { Auth } from '../modules/auth/auth.ts';
import { loadSession } from '../modules/auth/session.ts';
import { findMediaObject, isSharedThroughProject, type MediaObjectInfo } from './media.repo.ts';
import { isValidKey, ownerOfKey } from './storage.ts';

export type MediaReadAccess =
  /** The original, to its owner, an admin or a member of a project that shows it. */
  | { via: 'private' }
  /** Only because it is published: the reader gets media/published.ts's file, never the original. */
  | { via: 'public'; object: MediaObjectInfo };

/** Throws NOT_FOUND or UNAUTHORIZED unless the request may read `key`. */
export async function authorizeMediaRead(deps: { auth: Auth; db: Database }, key: string, headers: IncomingHttpHeaders): Promise<MediaReadAccess> {
  if (!isValidKey(key)) throw new AppError('NOT_FOUND');
  const session = await loadSession(deps.auth, headers);
  const object = await findMediaObject(deps.db, key);
  // The row says who owns it now (an anonymous user's media moves to the account it becomes);
  // the key's owner segment covers files without a row.
  const owner = object ? object.userId : ownerOfKey(key);
  if (session && (owner === session.user.id || (session.user.role === 'admin' && !session.user.isAnonymous))) return { via: 'private' };
  if (session && (await isSharedThroughProject(deps.db, key, session.user.id))) return { via: 'private' };
  if (object?.isPublic) return { via: 'public', object };
  throw new AppError(session ? 'NOT_FOUND' : 'UNAUTHORIZED');
}
