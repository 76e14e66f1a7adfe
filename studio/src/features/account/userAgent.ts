/**
 * A short, human description of a session's device from its User-Agent header — "Chrome on
 * Windows", "Safari on iPhone". Deliberately tiny: the order of the checks matters (Edge and
 * Opera also say "Chrome", Chrome also says "Safari", iPadOS may claim to be a Mac) and anything
 * unrecognised is reported as unknown rather than guessed.
 */

export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'unknown';

export interface DeviceSummary {
  /** Browser name, or null when not recognised. */
  browser: string | null;
  /** Operating system or device name, or null when not recognised. */
  os: string | null;
  kind: DeviceKind;
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\/|\bEdg(iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b|\bOPT\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
  [/\bnode\b|\bundici\b/i, 'Node.js'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

function first(list: [RegExp, string][], ua: string): string | null {
  for (const [pattern, name] of list) if (pattern.test(ua)) return name;
  return null;
}

export function summarizeUserAgent(userAgent: string | null | undefined): DeviceSummary {
  const ua = (userAgent ?? '').trim();
  if (!ua) return { browser: null, os: null, kind: 'unknown' };
  const browser = first(BROWSERS, ua);
  const os = first(SYSTEMS, ua);
  let kind: DeviceKind = 'unknown';
  if (os === 'iPad' || (os === 'Android' && !/\bMobile\b/.test(ua)) || /\bTablet\b/.test(ua)) kind = 'tablet';
  else if (os === 'iPhone' || os === 'Android' || /\bMobile\b/.test(ua)) kind = 'mobile';
  else if (os) kind = 'desktop';
  return { browser, os, kind };
}
