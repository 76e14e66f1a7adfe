/**
 * §3 super properties, sent with every event: what the tracker knows about the browser, the
 * page and the session at the moment an event is built.
 */
import type { SuperProperties } from '@tessera/shared/analytics';
import { splitLanguagePrefix } from '@tessera/shared/i18n';
import { navSection } from '@tessera/shared/routes';
import { i18n } from '../i18n.ts';
import { APP_NAME } from '../site.ts';
import { useAnalyticsContext } from './analyticsContext.ts';

const SESSION_KEY = 'tessera.analytics.sessionId';
/** Used when sessionStorage is unavailable: still one id per page load. */
let memorySessionId: string | null = null;

const randomId = () => crypto.randomUUID().replaceAll('-', '');

/** A random id per browser tab session: sessionStorage lives as long as the tab (and survives reloads). */
export function sessionId(): string {
  try {
    const stored = sessionStorage.getItem(SESSION_KEY);
    if (stored) return stored;
    const id = randomId();
    sessionStorage.setItem(SESSION_KEY, id);
    return id;
  } catch {
    memorySessionId ??= randomId();
    return memorySessionId;
  }
}

/**
 * §3 page_name: the navigation section of the route (`home`, `explore`, `aiImage`, `pricing`…),
 * else its first path segment (`sign-in`, `test-checkout`), the language prefix ignored.
 */
export function pageNameOf(pathname: string): string {
  const section = navSection(pathname);
  if (section) return section;
  const first = splitLanguagePrefix(pathname).rest.split(/[?#]/)[0]?.split('/').find(Boolean);
  return (first ?? 'home').slice(0, 120);
}

function timezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The super properties right now (`pathname` defaults to the current location). */
export function superProperties(pathname: string = window.location.pathname): SuperProperties {
  const ctx = useAnalyticsContext.getState();
  return {
    platform_type: 'Web',
    program_name: APP_NAME,
    device_language: (navigator.language || 'unknown').slice(0, 120),
    application_language: i18n.resolvedLanguage ?? i18n.language ?? splitLanguagePrefix(pathname).lang,
    timezone: timezone(),
    page_name: pageNameOf(pathname),
    session_id: sessionId(),
    login_type: ctx.loginType,
    subscribe_type: ctx.subscribeType,
    credits_amount: ctx.creditsAmount === null ? null : Math.max(0, Math.floor(ctx.creditsAmount)),
  };
}
