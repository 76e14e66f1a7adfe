/**
 * §3 analytics events: one zod schema per event, shared by the studio (which builds them) and
 * the first-party collector (which validates each one before storing it). Property names are
 * the spec's snake_case names, so a tag manager reading `window.dataLayer` sees the same shape.
 */
import { z } from 'zod';
import { AUTH_METHODS, MAX_BATCH_EVENTS, SUB_PERIODS, SUBSCRIBE_TYPES, USER_STATUSES } from './constants.ts';

export * from './constants.ts';

const id = z.string().trim().min(1).max(200);
const text = z.string().max(500);
const shortText = z.string().max(120);
const money = z.number().finite().nonnegative().max(1e9);
const count = z.number().int().nonnegative().max(1e12);

/** §3 super properties, sent with every event. */
export const zSuperProperties = z.object({
  platform_type: z.literal('Web'),
  program_name: shortText,
  device_language: shortText,
  application_language: shortText,
  timezone: shortText,
  page_name: shortText,
  session_id: id,
  login_type: z.enum([...AUTH_METHODS, 'anonymous', 'none']),
  subscribe_type: z.enum([...SUBSCRIBE_TYPES, 'none']),
  credits_amount: count.nullable(),
});
export type SuperProperties = z.infer<typeof zSuperProperties>;

/** §3 content fields. */
const zContentFields = {
  content_id: id,
  content_media_type: z.enum(['image', 'video', 'audio']),
  content_tags: z.array(shortText).max(30).default([]),
  author_id: id.nullable().default(null),
};

const zCreateFlow = {
  createflow_id: id,
  form_type: shortText,
  resource_type: shortText.nullable().default(null),
  resource_id: id.nullable().default(null),
  model_name: shortText.nullable().default(null),
};

const zSub = {
  period: z.enum(SUB_PERIODS),
  plan_type: shortText,
  credits: count,
  price: money,
  currency: z.string().regex(/^[a-z]{3}$/),
  payment_method: z.enum(['normal_payment', 'local_payment']),
  prebook_id: id.nullable().default(null),
  payment_channel: shortText,
  sub_type: z.enum(['subscription', 'upgrade']),
};

/** §3 ecommerce item and record (purchase). */
export const zEcommerceItem = z.object({
  item_id: id,
  item_name: shortText,
  quantity: z.number().int().positive().max(1000),
  price: money,
  iso: shortText,
  item_category: shortText,
  item_category2: z.enum(['Monthly', 'Annually']),
});

/** Every event the collector accepts, by name, with its own properties. */
export const EVENT_PROPERTIES = {
  sign_up: z.object({ method: z.enum(AUTH_METHODS) }),
  login: z.object({ method: z.enum(AUTH_METHODS) }),
  purchase: z.object({
    currency: z.string().regex(/^[a-z]{3}$/),
    transaction_id: id,
    app_name: shortText,
    value: money,
    renewal: z.boolean(),
    items: z.array(zEcommerceItem).min(1).max(20),
    payment_platform: shortText,
  }),
  page_view: z.object({ path: text, referrer: text.nullable().default(null) }),
  page_leave: z.object({ path: text, stay_time: z.number().int().nonnegative().max(86_400_000) }),
  feed_view: z.object({ feed_name: shortText, ...zContentFields }),
  feed_leave: z.object({ feed_name: shortText, ...zContentFields, stay_time: z.number().int().nonnegative().max(86_400_000) }),
  createflow_start: z.object(zCreateFlow),
  createflow_form_submit: z.object(zCreateFlow),
  sub_button_click: z.object(zSub),
  sub_submit: z.object(zSub),
  sub_start: z.object({ plan_type: shortText, period: z.enum(SUB_PERIODS), source: shortText }),
  cancel_sub: z.object({ reasons: z.array(shortText).max(20), extra_text: text.nullable().default(null) }),
  signup_popup_expose: z.object({ source: shortText }),
  upgrade_popup_close: z.object({ info_type: shortText }),
  banner: z.object({ action: z.enum(['expose', 'click', 'close']), banner_id: id, position: shortText.nullable().default(null) }),
  resource: z.object({ action: z.enum(['expose', 'click']), resource_type: shortText, resource_id: id, position: shortText.nullable().default(null) }),
  content: z.object({ action: z.enum(['expose', 'click', 'like', 'share', 'download', 'report']), ...zContentFields }),
  form: z.object({ action: z.enum(['open', 'close', 'click']), form_type: shortText, element: shortText.nullable().default(null) }),
  /** Sent once when a visitor signs in: binds the anonymous id they browsed under to the account. */
  identify: z.object({ previous_anonymous_id: id.nullable().default(null) }),
} as const;

export type AnalyticsEventName = keyof typeof EVENT_PROPERTIES;
export const EVENT_NAMES = Object.keys(EVENT_PROPERTIES) as AnalyticsEventName[];
export type EventProperties<N extends AnalyticsEventName> = z.input<(typeof EVENT_PROPERTIES)[N]>;

/** One event as the studio sends it. The server attaches the signed-in user itself. */
export const zAnalyticsEnvelope = z.object({
  event: z.enum(EVENT_NAMES as [AnalyticsEventName, ...AnalyticsEventName[]]),
  /** Client time, epoch milliseconds. */
  ts: z.number().int().positive(),
  /** §3 user properties as the client knows them. */
  anonymous_id: id.nullable().default(null),
  user_status: z.enum(USER_STATUSES),
  user_group: z.number().int().min(101).max(160).nullable().default(null),
  super: zSuperProperties,
  /** §9 last-click bridge: the click that led here, when it happened under 10 s before. */
  last_click: z.object({ element: shortText, page_name: shortText, ts: z.number().int().positive() }).nullable().default(null),
  props: z.record(z.string(), z.unknown()),
});
export type AnalyticsEnvelope = z.input<typeof zAnalyticsEnvelope>;

/** A batch: validated as a list first; each event on its own after that. */
export const zAnalyticsBatch = z.object({ events: z.array(z.unknown()).min(1).max(MAX_BATCH_EVENTS) });

export type ParsedEvent = Omit<z.output<typeof zAnalyticsEnvelope>, 'props'> & { props: Record<string, unknown> };

/** Validates one event against the envelope and its own property schema. */
export function parseAnalyticsEvent(raw: unknown): { ok: true; event: ParsedEvent } | { ok: false; error: string } {
  const envelope = zAnalyticsEnvelope.safeParse(raw);
  if (!envelope.success) return { ok: false, error: z.prettifyError(envelope.error) };
  const props = EVENT_PROPERTIES[envelope.data.event].safeParse(envelope.data.props);
  if (!props.success) return { ok: false, error: `${envelope.data.event}: ${z.prettifyError(props.error)}` };
  return { ok: true, event: { ...envelope.data, props: props.data as Record<string, unknown> } };
}

/** Builds an envelope the schema accepts; used by the studio and tests. */
export function analyticsEvent<N extends AnalyticsEventName>(
  event: N,
  props: EventProperties<N>,
  context: Omit<AnalyticsEnvelope, 'event' | 'props' | 'ts'> & { ts?: number },
): AnalyticsEnvelope {
  return { ...context, ts: context.ts ?? Date.now(), event, props: props as Record<string, unknown> };
}

/** Collector answer: how many events were stored, and why each rejected one was (by batch index). */
export interface AnalyticsCollectResult {
  accepted: number;
  rejected: { index: number; error: string }[];
}

/** Day ranges the admin analytics page offers. */
export const ANALYTICS_OVERVIEW_DAY_OPTIONS = [7, 30, 90] as const;

/** admin.analytics.overview input: the last `days` UTC days, today included. */
export const zAnalyticsOverviewInput = z.object({ days: z.number().int().min(1).max(90).default(30) });
export type AnalyticsOverviewInput = z.input<typeof zAnalyticsOverviewInput>;

/** A UTC day as `YYYY-MM-DD`. */
export type UtcDay = string;

export interface AnalyticsDayCount {
  day: UtcDay;
  count: number;
}

/** admin.analytics.overview output. Every series has one entry per day of the window, oldest first. */
export interface AnalyticsOverview {
  days: number;
  /** First and last day of the window, inclusive. */
  from: UtcDay;
  to: UtcDay;
  /** Distinct visitors per day: the user id, else the anonymous id, else the browsing session id. */
  dailyActiveUsers: AnalyticsDayCount[];
  /** `sign_up` events the studio sent, next to e-mail accounts actually created (anonymous users excluded). */
  signUps: { day: UtcDay; signUpEvents: number; newAccounts: number }[];
  /** Generation tasks created per day and kind; `kinds` lists every kind in the window. */
  generationsByKind: { kinds: string[]; series: { day: UtcDay; counts: Record<string, number>; total: number }[] };
  /** Users whose first paid invoice was recorded that day (free → paid). */
  conversions: AnalyticsDayCount[];
  totals: {
    events: number;
    /** Distinct visitors over the whole window (not the sum of the daily counts). */
    activeUsers: number;
    signUpEvents: number;
    newAccounts: number;
    generations: number;
    conversions: number;
  };
  /** conversions / newAccounts over the window; null without new accounts. */
  conversionRate: number | null;
}
