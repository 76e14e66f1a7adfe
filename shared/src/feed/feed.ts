/**
 * The explore feed (issue 7): publishing creations, the public feed, the single content view,
 * likes, views and reports.
 *
 * Who may publish: a signed-in user with a verified e-mail who is not banned (§6 "Publishing
 * needs the right permission"). Anonymous and unverified users get EMAIL_NOT_VERIFIED.
 *
 * Trending score (documented in the README): (likes × 3 + views + 1) / (hours since publish + 2)^1.5 —
 * engagement decays with age, so new work with a few likes outranks old work with many.
 */
import { z } from 'zod';

export const PUBLISH_STATUSES = ['unpublished', 'published', 'hidden', 'removed'] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];

export const TITLE_MAX = 100;
export const TAGS_MAX = 5;
export const TAG_MAX_LENGTH = 24;
/** Reports from this many different users hide content until an admin reviews it. */
export const REPORT_HIDE_THRESHOLD = 3;

export const FEED_CATEGORIES = ['video', 'image', 'effects'] as const;
export type FeedCategory = (typeof FEED_CATEGORIES)[number];

/** A typed tag as stored: trimmed, without a leading #, inner spaces collapsed, lower case. */
export function normalizeTag(raw: string): string {
  return raw.trim().replace(/^#+/, '').replace(/\s+/g, ' ').toLowerCase().slice(0, TAG_MAX_LENGTH);
}

const zTag = z
  .string()
  .max(64)
  .transform(normalizeTag)
  .refine((tag) => tag.length > 0, 'Tags cannot be empty.');

export const zPublishInput = z.object({
  creationId: z.uuid(),
  title: z.string().trim().min(1, 'Title is required.').max(TITLE_MAX),
  tags: z
    .array(zTag)
    .max(TAGS_MAX)
    .default([])
    .transform((tags) => [...new Set(tags)]),
  /** Where it is listed; defaults from the creation's kind. */
  category: z.enum(FEED_CATEGORIES).optional(),
  /** public: in the feed; unlisted: only by link. */
  visibility: z.enum(['public', 'unlisted']).default('public'),
  /** §6: others can view it but not see the prompt, download or remix it. */
  copyProtection: z.boolean().default(false),
});
export type PublishInput = z.input<typeof zPublishInput>;

export const zContentId = z.object({ id: z.uuid() });

export const FEED_SORTS = ['new', 'trending'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];

export const zFeedListInput = z.object({
  category: z.enum(FEED_CATEGORIES).optional(),
  tag: z.string().max(64).transform(normalizeTag).optional(),
  authorId: z.string().max(100).optional(),
  sort: z.enum(FEED_SORTS).default('new'),
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(60).default(24),
});
export type FeedListInput = z.input<typeof zFeedListInput>;

export interface FeedAuthor {
  id: string;
  name: string;
  image: string | null;
}

export interface FeedItem {
  id: string;
  title: string;
  tags: string[];
  category: FeedCategory;
  kind: string;
  mediaType: 'image' | 'video' | 'audio';
  thumbnailUrl: string;
  url: string;
  width: number | null;
  height: number | null;
  author: FeedAuthor;
  likeCount: number;
  viewCount: number;
  /** Whether the caller liked it. */
  liked: boolean;
  copyProtected: boolean;
  publishedAt: string;
}

export interface FeedPage {
  items: FeedItem[];
  nextCursor: string | null;
}

export interface ContentDetail extends FeedItem {
  /** Null when copy-protected and the caller is not the author. */
  prompt: string | null;
  /** Null when copy-protected (for others) — no download, no remix. */
  downloadUrl: string | null;
  /** Easy-mode form to prefill for a remix: kind and its input (image references stripped). Null when protected. */
  remix: { kind: string; params: Record<string, unknown> } | null;
  /** The caller is the author. */
  mine: boolean;
  /** The caller already reported it. */
  reported: boolean;
  publishStatus: PublishStatus;
  visibility: 'public' | 'unlisted';
}

export const REPORT_REASONS = ['spam', 'sexual', 'violence', 'hate', 'copyright', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 500;

export const zReportInput = z.object({
  contentId: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().trim().max(REPORT_DETAILS_MAX).optional(),
});
export type ReportInput = z.input<typeof zReportInput>;

export interface AuthorProfileDto extends FeedAuthor {
  publishedCount: number;
  likeCount: number;
  joinedAt: string;
}

/** Trending score of a published item (see the module comment). */
export function trendingScore(likes: number, views: number, publishedAt: Date, now: Date = new Date()): number {
  const hours = Math.max(0, (now.getTime() - publishedAt.getTime()) / 3_600_000);
  return (likes * 3 + views + 1) / (hours + 2) ** 1.5;
}
