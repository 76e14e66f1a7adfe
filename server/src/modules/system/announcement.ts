/**
 * The site-wide announcement (§2 announcement popup), set by the operator in ANNOUNCEMENT_JSON.
 * Visitors dismiss it by id, so a new announcement needs a new id.
 */
import { z } from 'zod';

/** A link target the studio may render: an absolute http(s) URL or a path on this site (not `//host`). */
const zLink = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//')), 'must be an http(s) URL or a path starting with /');

export const zAnnouncement = z
  .object({
    id: z.string().trim().min(1).max(100),
    title: z.string().trim().min(1).max(200),
    body: z.string().trim().min(1).max(2000),
    ctaLabel: z.string().trim().min(1).max(60).optional(),
    ctaUrl: zLink.optional(),
    imageUrl: zLink.optional(),
  })
  .refine((a) => (a.ctaLabel === undefined) === (a.ctaUrl === undefined), 'ctaLabel and ctaUrl go together');
export type Announcement = z.infer<typeof zAnnouncement>;

/** Parses ANNOUNCEMENT_JSON: unset or empty means no announcement; anything else must be valid. */
export const zAnnouncementEnv = z
  .string()
  .optional()
  .transform((v, ctx): unknown => {
    if (!v || v.trim() === '') return undefined;
    try {
      return JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'ANNOUNCEMENT_JSON must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(zAnnouncement.optional());
