/**
 * What a user's profile fields may hold, wherever they are written: `user.updateProfile`, sign-up
 * (better-auth's /sign-up/email runs the same schema in a before-hook) and any account creation.
 * A name is shown to others on every feed item and project card, so it is short and free of
 * control and bidirectional-override characters (which could fake line breaks or reverse text).
 */
import { z } from 'zod';

/** Longest display name, first name or last name. */
export const PROFILE_NAME_MAX = 80;

/** C0/C1 controls (newlines, tabs …), line/paragraph separators and bidi embeddings, overrides and isolates. */
const UNSAFE_NAME_CHARS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export const zProfileName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(PROFILE_NAME_MAX, `Name must be at most ${PROFILE_NAME_MAX} characters`)
  .refine((name) => !UNSAFE_NAME_CHARS.test(name), 'Name contains characters that are not allowed');

export const zUpdateProfileInput = z
  .object({
    name: zProfileName.optional(),
    firstName: zProfileName.nullable().optional(),
    lastName: zProfileName.nullable().optional(),
    /** Avatar: the key (or /api/media URL) of an image the user uploaded; null removes it. */
    image: z.string().trim().max(300).nullable().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type UpdateProfileInput = z.infer<typeof zUpdateProfileInput>;

/**
 * A name from somewhere we cannot refuse (an identity provider's profile at sign-in): unsafe
 * characters become spaces and it is cut to the limit; `fallback` when nothing is left.
 */
export function safeProfileName(name: unknown, fallback: string): string {
  if (typeof name !== 'string') return fallback;
  const cleaned = name.replace(new RegExp(UNSAFE_NAME_CHARS.source, 'gu'), ' ').replace(/\s+/g, ' ').trim();
  // Cut in UTF-16 units like the schema's max, without leaving half a surrogate pair.
  return cleaned.slice(0, PROFILE_NAME_MAX).replace(/[\ud800-\udbff]$/, '').trim() || fallback;
}
