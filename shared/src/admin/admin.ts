/**
 * The admin console's calls (issue 7, role admin §6): report handling, cross-user creation and
 * task queries with a task inspector, catalogue CRUD (schemas in shared/catalog), credit grants,
 * user lookup and the audit log. Every mutation is recorded in the audit log.
 */
import { z } from 'zod';
import type { REPORT_REASONS } from '../feed/feed.ts';

const zCursor = z.string().max(200).optional();
const zLimit = z.number().int().min(1).max(100).default(50);

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** What an admin does with reported content. */
export const REPORT_ACTIONS = ['dismiss', 'hide', 'remove', 'ban'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const zAdminReportListInput = z.object({
  status: z.enum(REPORT_STATUSES).default('open'),
  cursor: zCursor,
  limit: zLimit,
});

/** Acts on a reported content: every open report of it is closed with the same decision. */
export const zAdminReportResolveInput = z.object({
  contentId: z.uuid(),
  action: z.enum(REPORT_ACTIONS),
  note: z.string().trim().max(500).optional(),
});

export interface AdminReportGroupDto {
  contentId: string;
  title: string;
  thumbnailUrl: string;
  mediaType: 'image' | 'video' | 'audio';
  publishStatus: string;
  author: { id: string; name: string; email: string | null; banned: boolean };
  reportCount: number;
  reasons: { reason: (typeof REPORT_REASONS)[number]; count: number }[];
  reports: { id: string; reporterId: string; reason: string; details: string | null; status: ReportStatus; createdAt: string }[];
  lastReportedAt: string;
}

export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;

export const zAdminTaskListInput = z.object({
  /** A user id or an e-mail address. */
  user: z.string().trim().max(200).optional(),
  kind: z.string().trim().max(64).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  /** ISO dates (inclusive from, exclusive to). */
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  cursor: zCursor,
  limit: zLimit,
});
export type AdminTaskListInput = z.input<typeof zAdminTaskListInput>;

export interface AdminTaskRowDto {
  id: string;
  userId: string;
  userEmail: string | null;
  kind: string;
  rpcName: string;
  status: (typeof TASK_STATUSES)[number];
  cost: number;
  attempts: number;
  errorCode: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The first output's thumbnail (or media) URL when it succeeded. */
  thumbnailUrl: string | null;
}

export interface AdminTaskDetailDto extends AdminTaskRowDto {
  input: unknown;
  maxAttempts: number;
  progress: number;
  stage: string;
  workerId: string | null;
  errorMessage: string | null;
  outputs: { url: string; mediaType: string }[];
  creations: { id: string; publishStatus: string }[];
  ledger: { id: string; kind: string; amount: number; note: string | null; createdAt: string }[];
}

export const zAdminCreationListInput = z.object({
  user: z.string().trim().max(200).optional(),
  kind: z.string().trim().max(64).optional(),
  publishStatus: z.enum(['unpublished', 'published', 'hidden', 'removed']).optional(),
  from: z.iso.datetime().optional(),
  to: z.iso.datetime().optional(),
  cursor: zCursor,
  limit: zLimit,
});

export interface AdminCreationRowDto {
  id: string;
  taskId: string;
  userId: string;
  userEmail: string | null;
  kind: string;
  mediaType: string;
  thumbnailUrl: string;
  url: string;
  publishStatus: string;
  title: string | null;
  createdAt: string;
}

export const zAdminUserLookupInput = z.object({ query: z.string().trim().min(1).max(200) });

export interface AdminUserDto {
  id: string;
  email: string | null;
  name: string;
  role: string;
  isAnonymous: boolean;
  emailVerified: boolean;
  banned: boolean;
  createdAt: string;
  plan: string;
  credits: { used: number; total: number; remaining: number };
  subscription: { productName: string; status: string; currentPeriodEnd: string | null; cancelAtPeriodEnd: boolean } | null;
  counts: { tasks: number; creations: number; published: number };
}

export const zAdminGrantInput = z.object({
  userId: z.string().min(1).max(100),
  amount: z.number().int().min(1).max(100_000),
  reason: z.string().trim().min(3, 'A reason is required.').max(300),
  /** Days until the grant expires; none = never. */
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});

export const zAdminBanInput = z.object({
  userId: z.string().min(1).max(100),
  banned: z.boolean(),
  reason: z.string().trim().max(300).optional(),
});

export const zAdminAuditListInput = z.object({
  action: z.string().max(64).optional(),
  adminId: z.string().max(100).optional(),
  cursor: zCursor,
  limit: zLimit,
});

export interface AuditEntryDto {
  id: string;
  adminId: string;
  adminEmail: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  note: string | null;
  createdAt: string;
}

/**
 * admin.abuse.welcomeCredits: networks (an IPv4 address or an IPv6 /64) whose welcome grants
 * were refused because they had used their share, over the last `days` UTC days, most first.
 */
export const zAdminWelcomeAbuseInput = z.object({
  days: z.number().int().min(1).max(90).default(7),
  limit: zLimit,
});

export interface WelcomeAbuseRowDto {
  network: string;
  refused: number;
  lastRefusedAt: string;
}

export interface WelcomeAbuseDto {
  /** First UTC day counted (YYYY-MM-DD). */
  since: string;
  networks: WelcomeAbuseRowDto[];
}
