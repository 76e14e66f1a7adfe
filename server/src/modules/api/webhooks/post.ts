/**
 * One webhook POST under the SSRF rules image URLs follow (media/safeFetch.ts): the host is
 * resolved at every attempt and every address it resolves to must be public (isBlockedAddress),
 * unless the URL names an address literal whose `address:port` the operator allow-listed
 * (WEBHOOK_ALLOW_ORIGINS); the socket then connects to exactly the checked addresses (pinned
 * dial, no DNS rebinding). Redirects are not followed, the whole exchange has a deadline and at
 * most `maxResponseBytes` of the answer are read. Never throws: the outcome is what the log shows.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { type DialTarget, isBlockedAddress, pinnedDial } from '../../../media/safeFetch.ts';
import { hostOfUrl, portOfUrl } from './callbackUrl.ts';

export interface PostOptions {
  /** Exact `address:port` pairs that may be private (config.webhookAllowList). */
  allowList: readonly string[];
  timeoutMs: number;
  maxResponseBytes: number;
  /** Name resolution; tests point a public-looking name at 127.0.0.1. Its answer is checked all the same. */
  resolve?: (host: string) => Promise<string[]>;
}

export interface PostOutcome {
  /** The receiver's HTTP status; null when none came (refused, unreachable, timed out, blocked). */
  statusCode: number | null;
  /** Why the attempt did not count as delivered; null for a 2xx. */
  error: string | null;
  durationMs: number;
}

/** How much of a non-2xx answer the delivery log keeps. */
const ERROR_BODY_CHARS = 200;

async function systemResolve(host: string): Promise<string[]> {
  return (await dnsLookup(host, { all: true, verbatim: true })).map((r) => r.address);
}

class Refused extends Error {}

/** The addresses the request may connect to, or Refused. */
async function checkedTarget(url: URL, opts: PostOptions): Promise<DialTarget> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Refused(`refused: ${url.protocol} is not http(s)`);
  if (url.username || url.password) throw new Refused('refused: credentials in the URL');
  const host = hostOfUrl(url);
  const port = portOfUrl(url);
  const tls = url.protocol === 'https:';
  if (isIP(host)) {
    const address = ipaddr.parse(host).toString();
    if (isBlockedAddress(host) && !opts.allowList.includes(`${host}:${port}`)) throw new Refused(`refused: ${address} is not a public address`);
    return { host: address, port, addresses: [address], tls };
  }
  const lower = host.toLowerCase();
  // RFC 6761: localhost names are loopback whatever a resolver says.
  if (lower === 'localhost' || lower.endsWith('.localhost')) throw new Refused(`refused: ${host} is this machine`);
  const addresses = await (opts.resolve ?? systemResolve)(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  const blocked = addresses.find(isBlockedAddress);
  if (blocked) throw new Refused(`refused: ${host} resolves to ${blocked}, not a public address`);
  return { host, port, addresses: addresses.map((a) => ipaddr.parse(a).toString()), tls };
}

function send(url: URL, target: DialTarget, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (target.tls ? https : http).request({
      host: target.host,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...headers, host: url.host, 'content-length': String(Buffer.byteLength(body)), connection: 'close' },
      // No agent: every connection is made by the pinned dialer to a checked address.
      createConnection: () => pinnedDial(target),
      signal,
    });
    request.once('response', resolve);
    request.on('error', reject);
    request.end(body);
  });
}

/** Up to `max` bytes of the answer; stops early at the cap or the deadline. */
async function readSome(response: http.IncomingMessage, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of response) {
      const buf = chunk as Buffer;
      chunks.push(buf);
      total += buf.length;
      if (total >= max) break;
    }
  } catch {
    // The deadline or the receiver cut the answer short: its status is what counts.
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

function describe(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** POSTs `body` to `rawUrl`; 2xx is delivered, anything else is an error the log explains. */
export async function postWebhook(rawUrl: string, headers: Record<string, string>, body: string, opts: PostOptions): Promise<PostOutcome> {
  const started = performance.now();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  let response: http.IncomingMessage | undefined;
  const done = (statusCode: number | null, error: string | null): PostOutcome => ({ statusCode, error, durationMs: Math.round(performance.now() - started) });
  try {
    const url = new URL(rawUrl);
    const target = await Promise.race([
      checkedTarget(url, opts),
      new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('resolution timed out')), { once: true })),
    ]);
    response = await send(url, target, headers, body, controller.signal);
    const status = response.statusCode ?? 0;
    const text = await readSome(response, opts.maxResponseBytes);
    if (status >= 200 && status < 300) return done(status, null);
    if (status >= 300 && status < 400) return done(status, `HTTP ${status}: redirects are not followed`);
    const snippet = text.trim().slice(0, ERROR_BODY_CHARS);
    return done(status, snippet ? `HTTP ${status}: ${snippet}` : `HTTP ${status}`);
  } catch (error) {
    return done(null, error instanceof Refused ? error.message : describe(error, controller.signal, opts.timeoutMs));
  } finally {
    clearTimeout(timer);
    response?.destroy();
  }
}
