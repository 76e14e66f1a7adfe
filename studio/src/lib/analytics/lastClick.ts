/**
 * §9 last-click bridge: the click that led to the next events (a plan button, a tool card, a
 * header link) is remembered for LAST_CLICK_VALIDITY_MS in sessionStorage — so it survives a
 * full page load — and attached once, as `last_click`, to the next event built within that time.
 *
 * Elements name themselves with `data-track="<element name>"`; links and buttons without one
 * are named by their aria-label or, failing that, their text (truncated).
 */
import { LAST_CLICK_VALIDITY_MS } from '@tessera/shared/analytics/constants';
import { pageNameOf } from './superProperties.ts';

export interface LastClick {
  element: string;
  page_name: string;
  ts: number;
}

const KEY = 'tessera.analytics.lastClick';
const MAX_ELEMENT = 80;

/** Remembers a click (replacing the previous one). */
export function recordClick(click: LastClick): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(click));
  } catch {
    // Storage disabled: no bridge.
  }
}

/** The remembered click if it is under LAST_CLICK_VALIDITY_MS old; consumed either way. */
export function takeLastClick(now: number = Date.now()): LastClick | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    if (raw) sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const click = JSON.parse(raw) as Partial<LastClick>;
    if (typeof click.element !== 'string' || typeof click.page_name !== 'string' || typeof click.ts !== 'number') return null;
    const age = now - click.ts;
    return age >= 0 && age < LAST_CLICK_VALIDITY_MS ? { element: click.element, page_name: click.page_name, ts: click.ts } : null;
  } catch {
    return null;
  }
}

const truncate = (text: string) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > MAX_ELEMENT ? `${clean.slice(0, MAX_ELEMENT - 1)}…` : clean;
};

/** The element name of a click target: its own or nearest `data-track`, else a link's or button's label. */
export function clickedElementName(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const tracked = target.closest<HTMLElement>('[data-track]');
  const name = tracked?.dataset.track?.trim();
  if (name) return truncate(name);
  const control = target.closest<HTMLElement>('a, button, [role="button"], [role="menuitem"], [role="tab"]');
  if (!control) return null;
  const label = control.getAttribute('aria-label') ?? control.textContent ?? '';
  return truncate(label) || null;
}

/** Listens for clicks on the whole document (capture phase, so stopped clicks count too); returns the remover. */
export function installLastClickListener(doc: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    const element = clickedElementName(event.target);
    if (element) recordClick({ element, page_name: pageNameOf(doc.defaultView?.location.pathname ?? '/'), ts: Date.now() });
  };
  doc.addEventListener('click', onClick, { capture: true });
  return () => doc.removeEventListener('click', onClick, { capture: true });
}
