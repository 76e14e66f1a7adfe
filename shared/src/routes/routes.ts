/**
 * URL rules of spec §2 as pure functions: which navigation section a path belongs to, the
 * canonical form of a path, hreflang alternates, the site-prefix helper, and §9's deployment
 * host classes. The studio's header, page metadata and analytics use them; so can the server.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode, localizePath, splitLanguagePrefix } from '../i18n/languages.ts';

/** Navigation sections the header can highlight. */
export const NAV_SECTIONS = [
  'home',
  'explore',
  'apiPlatform',
  'tools',
  'proEffects',
  'videoEffects',
  'photoEffects',
  'aiVideo',
  'aiImage',
  'aiAvatar',
  'aiShorts',
  'projects',
  'myCreations',
  'pricing',
  'api',
  'inspiration',
] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/** True when `path` is `prefix` or lies below it (`/video` matches `/video/1`, not `/video-effects`). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/**
 * §2 highlighting rules, first match wins. Besides the spec's lists: our own page areas map to
 * the section of the same name (`/app/ai-tools` is the tool section's landing, `/ai-video` and
 * `/app/ai-video` are one section), the explore tabs' Flows (`/flows`, published flow templates)
 * is explore, and the language prefix never matters.
 */
const RULES: readonly (readonly [NavSection, readonly string[]])[] = [
  ['explore', ['/explore', '/all', '/video', '/ai-effects', '/image', '/loras', '/lora-detail', '/tag-detail', '/author', '/flows']],
  ['apiPlatform', ['/api-platform']],
  ['tools', ['/app/image-tools', '/app/tool', '/app/image-generators', '/app/ai-tools', '/ai-tools', '/tools']],
  ['proEffects', ['/app/pro-effects', '/pro-effects']],
  ['videoEffects', ['/video-effects']],
  ['photoEffects', ['/photo-effects']],
  ['aiAvatar', ['/ai-avatar', '/ai-product-avatar', '/app/ai-avatar']],
  ['aiVideo', ['/ai-video', '/app/ai-video', '/models/video']],
  ['aiImage', ['/ai-image', '/app/ai-image', '/models/image']],
  ['aiShorts', ['/ai-shorts', '/app/ai-shorts']],
  ['projects', ['/app/projects', '/app/canvas', '/app/editor']],
  ['myCreations', ['/app/my-creations']],
  ['pricing', ['/pricing']],
  ['api', ['/api']],
  ['inspiration', ['/inspiration']],
  ['home', ['/home', '/']],
];

/** The navigation section `pathname` highlights, or null. Works with or without a language prefix. */
export function navSection(pathname: string): NavSection | null {
  const path = normalise(splitLanguagePrefix(pathname).rest);
  for (const [section, prefixes] of RULES) {
    if (prefixes.some((prefix) => (prefix === '/' ? path === '/' : isUnder(path, prefix)))) return section;
  }
  return null;
}

/** §2: `/ai-product-avatar` is the avatar page under another name. */
export const PATH_ALIASES: Readonly<Record<string, string>> = { '/ai-product-avatar': '/ai-avatar' };

function normalise(path: string): string {
  const clean = path.split(/[?#]/)[0] || '/';
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/**
 * §2: the canonical path of a page — `/app/pro-effects` appears as `/pro-effects`, aliases give
 * way to their target, query and trailing slash drop, and non-English pages keep their prefix.
 */
export function canonicalPath(pathname: string, lang?: LanguageCode): string {
  const split = splitLanguagePrefix(pathname);
  let path = normalise(split.rest);
  if (isUnder(path, '/app/pro-effects')) path = path.slice('/app'.length);
  for (const [from, to] of Object.entries(PATH_ALIASES)) if (isUnder(path, from)) path = to + path.slice(from.length);
  return localizePath(path, lang ?? split.lang);
}

/** Absolute canonical URL of `pathname` on `origin`. */
export function canonicalUrl(origin: string, pathname: string, lang?: LanguageCode): string {
  const path = canonicalPath(pathname, lang);
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** hreflang alternates of a page: every language plus `x-default` (English). */
export function alternateLinks(origin: string, pathname: string): { hreflang: string; href: string }[] {
  const links = LANGUAGES.map((l) => ({ hreflang: l.bcp47, href: canonicalUrl(origin, pathname, l.code) }));
  return [...links, { hreflang: 'x-default', href: canonicalUrl(origin, pathname, DEFAULT_LANGUAGE) }];
}

/**
 * §2 "a helper strips a site prefix from paths": `/studio/app/x` with prefix `/studio` → `/app/x`.
 * Only a whole leading segment is stripped; an empty prefix or `/` leaves the path alone.
 */
export function stripSitePrefix(pathname: string, prefix: string | undefined): string {
  const p = (prefix ?? '').replace(/\/+$/, '');
  if (!p || p === '/') return pathname || '/';
  const base = p.startsWith('/') ? p : `/${p}`;
  if (!isUnder(pathname, base)) return pathname || '/';
  return pathname.slice(base.length) || '/';
}

export type HostClass = 'production' | 'preview' | 'dev' | 'test';

/**
 * §9: deployment hosts classed by pattern. Loopback and `.local`/`.localhost` names are dev;
 * `test.`/`staging.`-style names and `.test` domains are test; branch and PR deploys (a `preview`
 * or `pr-123` label, or the preview domains of common hosts) are preview; anything else is
 * production. Production alone sends analytics to the tag manager and lets robots index.
 */
export function classifyHost(host: string): HostClass {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (!name || name === 'localhost' || name === '::1' || /^127\.|^0\.0\.0\.0$|^10\.|^192\.168\.|^172\.(1[6-9]|2\d|3[01])\./.test(name) || /\.(localhost|local)$/.test(name)) return 'dev';
  if (/(^|\.)(dev)[.-]/.test(name) || name.startsWith('dev.')) return 'dev';
  if (/\.test$|\.example$|\.invalid$/.test(name) || /(^|[.-])(test|qa|staging|stage)[.-]/.test(name)) return 'test';
  if (/(^|[.-])(preview|pr-\d+)[.-]/.test(name) || /\.(vercel\.app|netlify\.app|pages\.dev|onrender\.com)$/.test(name)) return 'preview';
  return 'production';
}

/** Robots and analytics behaviour of a host class (§9). */
export function hostPolicy(cls: HostClass): { indexable: boolean; analytics: 'tagManager' | 'collectorOnly' } {
  return cls === 'production' ? { indexable: true, analytics: 'tagManager' } : { indexable: false, analytics: 'collectorOnly' };
}

/**
 * §7 calls: at most this many tRPC calls in one batched request. The studio's batch link splits
 * larger batches; the server answers a longer batch with 400 (BATCH_TOO_LARGE), so one request
 * can never carry more work than this many calls.
 */
export const RPC_MAX_BATCH_CALLS = 10;
