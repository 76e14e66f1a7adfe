/** User rules: what a user may see of themselves, profile edits. */
import { AppError } from '@tessera/shared/errors';
import { parseImageRef } from '@tessera/shared/generation';
import { findMediaObject } from '../../media/media.api.ts';
import type { Database } from '@tessera/db/connect';
import type { UpdateProfileInput } from '@tessera/shared/users/profile';
import { findUserById, updateUserProfile, type UserRecord } from './users.repo.ts';

/** §3 "User (user.find)". */
export interface UserDto {
  id: string;
  userGroup: number;
  regCountry: string | null;
  name: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  image: string | null;
}


function toDto(user: UserRecord): UserDto {
  return {
    id: user.id,
    userGroup: user.userGroup,
    regCountry: user.regCountry,
    name: user.name,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    image: user.image,
  };
}

/** An avatar must be an image the user stored (an upload); it is kept as its media URL. */
async function avatarUrl(db: Database, userId: string, value: string): Promise<string> {
  const ref = parseImageRef(value);
  if (ref?.kind !== 'key') throw new AppError('INVALID_IMAGE_URL');
  const object = await findMediaObject(db, ref.key);
  if (!object || object.userId !== userId || !object.contentType.startsWith('image/')) throw new AppError('IMAGE_NOT_FOUND');
  return `/api/media/${ref.key}`;
}

/** Returns the signed-in user's own record. */
export async function findUser(db: Database, userId: string): Promise<UserDto> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return toDto(user);
}

/** Changes the signed-in user's names. */
export async function updateProfile(db: Database, userId: string, input: UpdateProfileInput): Promise<UserDto> {
  const patch = { ...input, ...(input.image ? { image: await avatarUrl(db, userId, input.image) } : {}) };
  const user = await updateUserProfile(db, userId, patch);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return toDto(user);
}
