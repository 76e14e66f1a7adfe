/**
 * Browser-test harness: the real server (compiled when the build is current, `serverProcess.ts`) on a free port
 * with a fresh PostgreSQL database, serving the built studio, and Debian's Chromium driven by
 * playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs } from '@tessera/server/test/serverProcess';
import { canonicalUrl } from '@tessera/shared/routes';
import pg from 'pg';
import { type Browser, type BrowserContext, type BrowserServer, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface E2EServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Environment every e2e server gets on top of the defaults: no SMTP server, so mail lands in the
 * dev mailbox the tests read codes from; auth limits and welcome credits per client IP raised,
 * because every test of a file shares 127.0.0.1 (a test that needs the real limits passes its
 * own values).
 */
export const E2E_SERVER_ENV: Readonly<Record<string, string>> = {
  SMTP_URL: '',
  AUTH_RATE_LIMIT_MAX: '1000',
  AUTH_SIGN_IN_LIMIT: '100',
  AUTH_SIGN_UP_LIMIT: '100',
  AUTH_SEND_CODE_LIMIT: '100',
  AUTH_CHECK_CODE_LIMIT: '100',
  WELCOME_CREDITS_PER_NETWORK: '100000',
};

export async function startServer(opts: { env?: Record<string, string> } = {}): Promise<E2EServer> {
  const dbName = `tessera_e2e_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  await admin.end();
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, serverArgs('main'), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tessera-e2e-')),
      LOG_LEVEL: 'warn',
      ...E2E_SERVER_ENV,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // What the server logs (warnings and errors) is kept in .scratch/ for a failed run's post-mortem.
  mkdirSync(join(ROOT, '.scratch'), { recursive: true });
  const log = createWriteStream(serverLogPath(url));
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
    log.write(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', () => log.end());

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await client.end();
    },
  };
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium as a server the spec files connect to (`globalSetup.ts`). */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** The run's Chromium, when this runs inside a vitest run with the global set-up (not in bench/). */
function sharedBrowserEndpoint(): string | undefined {
  try {
    return inject('e2eBrowserWsEndpoint');
  } catch {
    return undefined;
  }
}

/**
 * The browser a spec drives: a connection to the run's one Chromium (a launch costs about a
 * CPU-second; every spec works in contexts of its own, so sharing the process shares nothing a
 * test sees), or a Chromium of its own when the spec runs without the global set-up.
 * `close()` closes the spec's contexts and the connection, or the browser it launched.
 */
export async function launchBrowser(): Promise<Browser> {
  const endpoint = sharedBrowserEndpoint();
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A visitor in a context of its own, 1280×1000, with its own device id (trial credits are once per device). */
export async function newVisitor(browser: Browser, deviceId: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.addInitScript((id) => {
    (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem('tessera.deviceId', id);
  }, deviceId);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}

/** The credits the header shows. */
export const creditsShown = async (page: Page): Promise<number> => Number(await page.getByTestId('credits-remaining').textContent());

/** /app pages skip the automatic guest session: the visitor chooses to continue as a guest. Returns the credits shown then. */
export async function openAsGuest(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.getByTestId('continue-as-guest').click();
  await page.getByTestId('credits-remaining').waitFor();
  await expect.poll(() => creditsShown(page)).toBeGreaterThan(0);
  return creditsShown(page);
}

/** Collects console errors and failed page loads so tests can assert a clean page. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/**
 * The server most specs share (started once by `globalSetup.ts`): each spec signs up its own
 * users, so specs do not see each other's data. Many page loads come from one address, so the
 * per-IP request and auth limits a visitor never reaches are lifted; the two admin addresses are the
 * admin console's and the explore moderator's.
 */
export const E2E_ADMIN_EMAIL = 'admin.console@example.com';
export const E2E_MODERATOR_EMAIL = 'moderator.explore@example.com';
/** The admin whose console i18n.spec.ts reads in other languages. */
export const E2E_I18N_ADMIN_EMAIL = 'admin.i18n@example.com';
export const SHARED_SERVER_ENV: Readonly<Record<string, string>> = {
  RATE_LIMIT_MAX: '100000',
  // The whole run (two specs at a time) signs in from 127.0.0.1: the per-IP auth limits a
  // single spec's server had must scale with it. The limits themselves are tested in
  // server/test/auth-limits.int.test.ts and sign-in-throttle.int.test.ts.
  AUTH_RATE_LIMIT_MAX: '100000',
  AUTH_SIGN_IN_LIMIT: '10000',
  AUTH_SIGN_UP_LIMIT: '10000',
  AUTH_SEND_CODE_LIMIT: '10000',
  AUTH_CHECK_CODE_LIMIT: '10000',
  ADMIN_EMAILS: `${E2E_ADMIN_EMAIL},${E2E_MODERATOR_EMAIL},${E2E_I18N_ADMIN_EMAIL}`,
  TEST_CHECKOUT: 'true',
  // Two specs at a time share this server's queue and engine: with the defaults on two cores (two
  // workers, one engine thread) one spec's video export or face work held the other's one-second
  // image task for tens of seconds.
  WORKER_CONCURRENCY: '4',
  ENGINE_THREADS: '2',
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the shared e2e server, set by globalSetup.ts. */
    e2eServerUrl: string;
    /** Where the run's Chromium listens for the specs (globalSetup.ts). */
    e2eBrowserWsEndpoint: string;
  }
}

/** True when `env` asks for nothing the shared server does not already have. */
function fitsSharedServer(env: Record<string, string>): boolean {
  return Object.entries(env).every(([key, value]) => SHARED_SERVER_ENV[key] === value);
}

/**
 * A server and one browser for a spec file: the shared server when the spec needs no
 * configuration of its own (`env` ⊆ SHARED_SERVER_ENV), else a server of its own with `env`
 * (an announcement, Google sign-in) started before its tests and stopped after.
 */
/** Where a harness server's output is kept (`.scratch/`, beside the checkout). */
function serverLogPath(url: string): string {
  return join(ROOT, '.scratch', `e2e-server-${new URL(url).port}.log`);
}

/**
 * What the server logged at error level while a test ran, printed when the test fails: a CI log
 * then says why the server answered "UNKNOWN ERROR", not only that it did.
 */
function reportServerErrorsOnFailure(server: () => E2EServer | undefined): void {
  beforeEach(({ onTestFailed }) => {
    const current = server();
    if (!current) return;
    const path = serverLogPath(current.url);
    const size = (() => {
      try {
        return statSync(path).size;
      } catch {
        return 0;
      }
    })();
    onTestFailed(() => {
      let text = '';
      try {
        text = readFileSync(path).subarray(size).toString();
      } catch {
        return;
      }
      const errors = text.split('\n').filter((line) => /"level":(50|60)/.test(line));
      if (errors.length > 0) console.error(`server errors during the test (${path}):\n${errors.slice(-10).map((l) => l.slice(0, 3000)).join('\n')}`);
    });
  });
}

export function useE2E(opts: { env?: Record<string, string> } = {}): { readonly server: E2EServer; readonly browser: Browser } {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = fitsSharedServer(opts.env ?? {}) ? { url: inject('e2eServerUrl'), stop: async () => {} } : await startServer(opts);
    browser = await launchBrowser();
  });
  reportServerErrorsOnFailure(() => server);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('E2E server not started');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('browser not launched');
      return browser;
    },
  };
}

export interface DevMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The dev mailbox's messages to `to`, newest first (GET /dev/mailbox.json). */
export async function devMailbox(serverUrl: string, to: string): Promise<DevMail[]> {
  const res = await fetch(`${serverUrl}/dev/mailbox.json?to=${encodeURIComponent(to.toLowerCase())}&limit=20`);
  if (!res.ok) throw new Error(`dev mailbox: ${res.status}`);
  return ((await res.json()) as { messages: DevMail[] }).messages;
}

/** Id of the newest message to `to` (0 if none): pass it to `waitForCode` to skip older mail. */
export async function lastMailId(serverUrl: string, to: string): Promise<number> {
  return (await devMailbox(serverUrl, to))[0]?.id ?? 0;
}

/** Waits for a message to `to` newer than `afterId` and returns it (mail is sent in the background). */
export async function waitForMail(serverUrl: string, to: string, afterId = 0, timeoutMs = 10_000): Promise<DevMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await devMailbox(serverUrl, to)).find((m) => m.id > afterId);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} after #${afterId}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The 6-digit code of the newest message to `to` after `afterId`. */
export async function waitForCode(serverUrl: string, to: string, afterId = 0): Promise<string> {
  const mail = await waitForMail(serverUrl, to, afterId);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail "${mail.subject}":\n${mail.text}`);
  return code;
}

/** The password e2e accounts sign up with, and the session cookie's name. */
export const E2E_PASSWORD = 'correct horse battery';
export const SESSION_COOKIE = 'tessera.session_token';

/** A JSON POST to better-auth as the studio sends it (trusted Origin), optionally with a cookie. */
export function authPost(serverUrl: string, path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${serverUrl}/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: serverUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** `name=value` of the session cookie a response set. */
export function sessionCookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!set) throw new Error(`no session cookie in ${res.status} response`);
  return set.split(';')[0]!;
}

/** A verified e-mail account made through the auth API (sign up, the mailed code, verify); returns its session cookie. */
export async function signUpVerified(serverUrl: string, email: string, opts: { name?: string; password?: string } = {}): Promise<string> {
  const password = opts.password ?? E2E_PASSWORD;
  const before = await lastMailId(serverUrl, email);
  const signUp = await authPost(serverUrl, '/sign-up/email', { email, password, name: opts.name ?? email.split('@')[0] });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const verify = await authPost(serverUrl, '/email-otp/verify-email', { email, otp: await waitForCode(serverUrl, email, before), password });
  if (verify.status !== 200) throw new Error(`verification failed: ${verify.status} ${await verify.text()}`);
  return sessionCookieOf(verify);
}

/** Puts a session cookie (`name=value`) into a browser context. */
export async function addSessionCookie(context: BrowserContext, serverUrl: string, cookie: string): Promise<void> {
  const [name, ...rest] = cookie.split('=');
  await context.addCookies([{ name: name!, value: rest.join('='), url: serverUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/** Calls a tRPC procedure as the studio does (trusted Origin, session cookie); throws on an error answer. */
export async function trpcCall<T = unknown>(serverUrl: string, cookie: string, path: string, input?: unknown, method: 'query' | 'mutation' = 'mutation'): Promise<T> {
  const headers = { 'content-type': 'application/json', origin: serverUrl, cookie };
  const url = `${serverUrl}/api/trpc/${path}`;
  const res =
    method === 'query'
      ? await fetch(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers })
      : await fetch(url, { method: 'POST', headers, body: JSON.stringify(input ?? null) });
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string } };
  if (!res.ok || !body.result) throw new Error(`${path} failed: ${res.status} ${body.error?.message ?? ''}`);
  return body.result.data;
}

/** `path` in `lang` (English pages have no prefix). */
export const localized = (lang: string, path: string) => (lang === 'en' ? path : `/${lang}${path}`);

/**
 * Opens `path` in a page that already shows the studio the way a link does: through the router's
 * history, without reloading the app. It resolves once the route has rendered — the router commits
 * a route and its page together, and the canonical link (SiteMeta) names the new path. Journeys
 * through many routes load the first one and travel the rest this way; a full load of every route
 * costs a fresh JavaScript start each (about four times as long), and what a full load adds — the
 * server answering a deep link with the app — is checked over HTTP (routes.spec.ts).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const url = new URL(path, page.url());
  const canonical = canonicalUrl(url.origin, url.pathname);
  // The harness is also compiled without the DOM's types (bench/ reuses it): the page's globals
  // are named through globalThis. The router follows pushState + popstate as it follows Back.
  await page.evaluate((to) => {
    const w = globalThis as unknown as { history: { pushState(state: null, title: string, url: string): void }; dispatchEvent(event: unknown): void };
    const PopState = (globalThis as unknown as { PopStateEvent: new (type: string, init: object) => unknown }).PopStateEvent;
    w.history.pushState(null, '', to);
    w.dispatchEvent(new PopState('popstate', { state: null }));
  }, url.pathname + url.search);
  await page.waitForFunction(
    (href) => {
      const doc = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document;
      return doc.querySelector('link[rel=canonical]')?.getAttribute('href') === href;
    },
    canonical,
    { timeout: 15_000 },
  );
}

/**
 * Waits for a generation's result on an easy-mode form, up to `timeoutMs` (default 90 s: inside
 * the test's 120 s, so the diagnosis below is printed). If the task fails instead, the page says
 * so in an alert, and the test fails at once with the alert's words rather than at the timeout.
 */
export async function waitForResult(page: Page, timeoutMs = 90_000): Promise<void> {
  // Only a shown alert counts: the page keeps empty, hidden alert regions for later messages.
  const shownAlerts = page.getByRole('alert').filter({ visible: true });
  await page
    .getByTestId('result-image')
    .or(shownAlerts)
    .first()
    .waitFor({ timeout: timeoutMs })
    .catch(async (err: Error) => {
      const shot = join(ROOT, '.scratch', `no-result-${Date.now()}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      const text = (await page.locator('main').innerText().catch(() => '')).replace(/\s+/g, ' ').slice(0, 400);
      // What the server says about the user's latest tasks: queued, running, or done unseen.
      const tasks = await page
        .evaluate(() => fetch('/api/trpc/task.list?input=%7B%22limit%22%3A3%7D').then((r) => r.text()))
        .catch(() => '');
      throw new Error(`no result on ${page.url()} (${shot}): ${text}\ntasks: ${tasks.slice(0, 600)}\n${err.message.split('\n')[0]}`);
    });
  const alerts = await shownAlerts.allTextContents();
  if (alerts.length > 0) throw new Error(`the task failed on the page: ${alerts.join(' | ')}`);
}

/** The page's main heading once it shows (a screenshot and the page text on failure). */
export async function heading(page: Page): Promise<string> {
  const h1 = page.locator('main h1, h1').first();
  await h1.waitFor({ timeout: 15_000 }).catch(async (err: Error) => {
    await page.screenshot({ path: `.scratch/fail-${Date.now()}.png` }).catch(() => undefined);
    console.log((await page.locator('body').innerText().catch(() => '')).slice(0, 300));
    throw new Error(`no heading on ${page.url()}: ${err.message.split('\n')[0]}`);
  });
  return (await h1.textContent())?.trim() ?? '';
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeRunner {
  run(context: unknown, options: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
}

/**
 * The serious and critical axe-core violations on the page as it is now, one line each (rule,
 * impact, up to three targets). axe is injected as a script tag, which our CSP forbids: the
 * page's context needs `bypassCSP: true`.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE_PATH });
  // Colours are judged as they end up: a toast or dialog still fading in is half transparent.
  await page.evaluate(async () => {
    interface Running { playState: string; finished: Promise<unknown>; effect: { getTiming(): { iterations?: number } } | null }
    const { document } = globalThis as unknown as { document: { getAnimations(): Running[] } };
    const deadline = Date.now() + 3000;
    while (Date.now() < deadline) {
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (running.length === 0) break;
      await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((r) => setTimeout(r, deadline - Date.now()))]);
    }
  });
  return page.evaluate(async () => {
    const { axe, document } = globalThis as unknown as { axe: AxeRunner; document: unknown };
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  });
}
