import { describe, expect, it } from 'vitest';
import { summarizeUserAgent } from './userAgent.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  operaMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  firefoxIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
};

describe('summarizeUserAgent', () => {
  it.each([
    ['chromeWindows', 'Chrome', 'Windows', 'desktop'],
    ['edgeWindows', 'Edge', 'Windows', 'desktop'],
    ['operaMac', 'Opera', 'macOS', 'desktop'],
    ['safariMac', 'Safari', 'macOS', 'desktop'],
    ['safariIphone', 'Safari', 'iPhone', 'mobile'],
    ['chromeIphone', 'Chrome', 'iPhone', 'mobile'],
    ['safariIpad', 'Safari', 'iPad', 'tablet'],
    ['chromeAndroidPhone', 'Chrome', 'Android', 'mobile'],
    ['androidTablet', 'Chrome', 'Android', 'tablet'],
    ['samsung', 'Samsung Internet', 'Android', 'mobile'],
    ['firefoxLinux', 'Firefox', 'Linux', 'desktop'],
    ['firefoxIphone', 'Firefox', 'iPhone', 'mobile'],
    ['chromebook', 'Chrome', 'ChromeOS', 'desktop'],
    ['headless', 'Headless Chrome', 'Linux', 'desktop'],
  ] as const)('%s → %s on %s (%s)', (name, browser, os, kind) => {
    expect(summarizeUserAgent(UA[name])).toEqual({ browser, os, kind });
  });

  it('reports a missing or unknown agent as unknown instead of guessing', () => {
    expect(summarizeUserAgent(null)).toEqual({ browser: null, os: null, kind: 'unknown' });
    expect(summarizeUserAgent('   ')).toEqual({ browser: null, os: null, kind: 'unknown' });
    expect(summarizeUserAgent('SomethingElse/1.0')).toEqual({ browser: null, os: null, kind: 'unknown' });
  });

  it('names non-browser clients', () => {
    expect(summarizeUserAgent('curl/8.5.0')).toEqual({ browser: 'curl', os: null, kind: 'unknown' });
    expect(summarizeUserAgent('node')).toEqual({ browser: 'Node.js', os: null, kind: 'unknown' });
  });
});
