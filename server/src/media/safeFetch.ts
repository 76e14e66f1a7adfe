/**
 * Fetching an image from a URL a user typed, without letting that URL reach our own network
 * (SSRF). Every hop — the first request and each redirect — is checked the same way: http(s)
 * only, no credentials, and every address the name resolves to must be a public unicast
 * address. The socket then connects to exactly the address that was checked (a pinned lookup),
 * so a name cannot resolve to something public for the check and to 127.0.0.1 for the connect
 * (DNS rebinding). Size, time and type are bounded while streaming; `cleanImage` still judges
 * the bytes afterwards.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { AppError } from '@tessera/shared/errors';
import ipaddr from 'ipaddr.js';

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const DEFAULT_FETCH_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_FETCH_MAX_REDIRECTS = 3;
const MAX_URL_LENGTH = 2_048;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface SafeFetchOptions {
  /** Total time for all hops, body included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Media type prefixes accepted (default `image/`); provider results may also be `video/`, `audio/`. */
  acceptTypes?: readonly string[];
}

export interface FetchedImage {
  data: Buffer;
  contentType: string;
  finalUrl: string;
}

export type ImageFetcher = (url: string, opts?: SafeFetchOptions) => Promise<FetchedImage>;

/** Where a request goes once its addresses have passed the check. */
export interface DialTarget {
  /** The name from the URL, for SNI and certificate checks. */
  host: string;
  port: number;
  /** The checked addresses; the socket may connect to these only. */
  addresses: string[];
  tls: boolean;
}

/**
 * Network edges a test can replace: name resolution and socket creation. Whatever `resolve`
 * returns is still checked with isBlockedAddress; there is no switch that turns the check off.
 * Production code uses `safeFetchImage`, built without hooks.
 */
export interface NetworkHooks {
  resolve?: (host: string) => Promise<string[]>;
  dial?: (target: DialTarget) => net.Socket;
}

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits where that address reaches, or
 * may be translated to, the IPv4 host: IPv4-compatible `::a.b.c.d` (::/96, deprecated but still
 * routed by some stacks to the IPv4 host, e.g. `::127.0.0.1` = `::7f00:1`), IPv4-mapped
 * `::ffff:a.b.c.d` and SIIT `::ffff:0:a.b.c.d` (RFC 6145), NAT64 `64:ff9b::a.b.c.d` (RFC 6052)
 * and 6to4 `2002:aabb:ccdd::/48` (RFC 3056, the address sits in bits 16–47). Null otherwise.
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  const tail = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  const zeroUpTo = (n: number) => p.slice(0, n).every((part) => part === 0);
  if (zeroUpTo(6)) return tail(); // IPv4-compatible (and ::, ::1, which land in 0.0.0.0/8)
  if (zeroUpTo(5) && p[5] === 0xffff) return tail(); // IPv4-mapped
  if (zeroUpTo(4) && p[4] === 0xffff && p[5] === 0) return tail(); // SIIT
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) return tail(); // NAT64
  if (p[0] === 0x2002) return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]); // 6to4
  return null;
}

/**
 * True unless `ip` is a public unicast address. Anything ipaddr.js classifies as loopback,
 * private, link-local, unique-local, multicast, broadcast, unspecified, CGNAT, reserved,
 * documentation, benchmarking … is blocked. An IPv6 address that embeds an IPv4 address
 * (IPv4-compatible, IPv4-mapped, SIIT, NAT64, 6to4) is judged as that IPv4 address first, so
 * `::127.0.0.1`, `::ffff:10.0.0.1` and `64:ff9b::a9fe:a9fe` are blocked; the translation and
 * tunnel prefixes (NAT64, 6to4, Teredo) stay blocked even around a public IPv4 address, because
 * the gateway that would carry the packet may sit inside our network. Numeric forms such as
 * `127.1`, `0177.0.0.1`, `0x7f000001` and `2130706433` parse as the address they denote.
 * Unparseable input is blocked.
 */
export function isBlockedAddress(ip: string): boolean {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(ip);
  } catch {
    return true;
  }
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    const v4 = embeddedIPv4(v6);
    if (v4 && v4.range() !== 'unicast') return true;
    // A mapped or compatible address of a public IPv4 host is that host; the rest is judged as IPv6.
    if (v4 && (v6.isIPv4MappedAddress() || v6.parts.slice(0, 6).every((part) => part === 0))) return false;
    return v6.range() !== 'unicast';
  }
  return address.range() !== 'unicast';
}

function refused(cause?: unknown): AppError {
  return new AppError('INVALID_IMAGE_URL', cause === undefined ? {} : { cause });
}

function downloadFailed(cause?: unknown): AppError {
  return new AppError('IMAGE_DOWNLOAD_FAILED', cause === undefined ? {} : { cause });
}

/** http(s), no credentials, a host; otherwise INVALID_IMAGE_URL. */
function parseTarget(raw: string, base?: URL): URL {
  if (raw.length > MAX_URL_LENGTH) throw refused();
  let url: URL;
  try {
    url = base ? new URL(raw, base) : new URL(raw);
  } catch (cause) {
    throw refused(cause);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused();
  if (url.username || url.password) throw refused();
  if (!url.hostname) throw refused();
  return url;
}

/** The URL's host without IPv6 brackets and without a trailing dot. */
function hostOf(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

async function systemResolve(host: string): Promise<string[]> {
  const results = await dnsLookup(host, { all: true, verbatim: true });
  return results.map((r) => r.address);
}

/** Rejects when `signal` aborts, so a slow resolver cannot outlive the deadline. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The addresses to connect to: all of them public, or INVALID_IMAGE_URL. */
async function checkedAddresses(host: string, resolve: (host: string) => Promise<string[]>, signal: AbortSignal): Promise<string[]> {
  // RFC 6761: localhost names are loopback whatever a resolver says.
  const lower = host.toLowerCase();
  if (lower === 'localhost' || lower.endsWith('.localhost')) throw refused();
  let addresses: string[];
  if (ipaddr.isValid(host)) {
    addresses = [host];
  } else {
    try {
      addresses = await untilAborted(resolve(host), signal);
    } catch (cause) {
      throw downloadFailed(cause);
    }
  }
  if (addresses.length === 0) throw downloadFailed();
  if (addresses.some(isBlockedAddress)) throw refused();
  // Connect to the canonical form of what was checked: `127.1` and friends never reach a socket.
  return addresses.map((a) => ipaddr.parse(a).toString());
}

/** A lookup that answers with the checked addresses and never asks DNS again. Exported for tests. */
export function pinnedLookup(addresses: string[]): net.LookupFunction {
  const entries = addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? entries.filter((e) => e.family === options.family) : entries;
    if (wanted.length === 0) {
      callback(Object.assign(new Error('no checked address of the requested family'), { code: 'ENOTFOUND' }), '', 4);
      return;
    }
    if (options.all) {
      (callback as unknown as (err: null, addresses: { address: string; family: number }[]) => void)(null, wanted);
      return;
    }
    const [first] = wanted;
    callback(null, first!.address, first!.family);
  };
}

/** Production dialer: TCP (and TLS for https) to the checked addresses only. Exported for tests. */
export function pinnedDial(target: DialTarget): net.Socket {
  const common = {
    host: target.host,
    port: target.port,
    lookup: pinnedLookup(target.addresses),
    // Happy eyeballs over the pinned list, so an unreachable IPv6 address falls back to IPv4.
    autoSelectFamily: true,
  };
  if (!target.tls) return net.connect(common);
  return tls.connect({ ...common, ...(net.isIP(target.host) ? {} : { servername: target.host }), ALPNProtocols: ['http/1.1'] });
}

function requestOnce(url: URL, target: DialTarget, dial: (target: DialTarget) => net.Socket, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (target.tls ? https : http).request({
      host: target.host,
      port: target.port,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        host: url.host,
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/*;q=0.8',
        'accept-encoding': 'identity',
        'user-agent': 'Tessera-ImageImport/1.0',
        connection: 'close',
      },
      // No agent: no pooled sockets shared between hops, and our dialer makes every connection.
      createConnection: () => dial(target),
      signal,
    });
    request.once('response', resolve);
    // `on`, not `once`: a late second error (abort after a socket error) must not go unhandled.
    request.on('error', reject);
    request.end();
  });
}

function mediaTypeOf(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

async function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw downloadFailed();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const buf = chunk as Buffer;
    total += buf.length;
    // Stop reading as soon as the cap is passed; a missing or false length changes nothing.
    if (total > maxBytes) throw downloadFailed();
    chunks.push(buf);
  }
  if (!response.complete) throw downloadFailed();
  return Buffer.concat(chunks);
}

/**
 * An image fetcher with the given network hooks. Tests use hooks to point a public-looking
 * name at a local server; everything else (checks, redirects, limits) is the production path.
 */
export function createSafeImageFetcher(hooks: NetworkHooks = {}, exemptions: { allowOrigins?: readonly string[] } = {}): ImageFetcher {
  const resolve = hooks.resolve ?? systemResolve;
  const dial = hooks.dial ?? pinnedDial;
  // Exact `address:port` pairs (IP literals only) a test's local stand-in listens on; every
  // other URL, including another port on the same address, is checked as usual.
  const allowOrigins = new Set(exemptions.allowOrigins ?? []);

  return async function fetchImage(rawUrl: string, opts: SafeFetchOptions = {}): Promise<FetchedImage> {
    const timeoutMs = opts.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
    const maxBytes = opts.maxBytes ?? DEFAULT_FETCH_MAX_BYTES;
    const maxRedirects = opts.maxRedirects ?? DEFAULT_FETCH_MAX_REDIRECTS;
    const acceptTypes = opts.acceptTypes ?? ['image/'];
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`image fetch timed out after ${timeoutMs} ms`)), timeoutMs);
    let response: http.IncomingMessage | undefined;
    try {
      let url = parseTarget(rawUrl);
      for (let hop = 0; ; hop++) {
        const host = hostOf(url);
        const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
        const exempt = ipaddr.isValid(host) && allowOrigins.has(`${host}:${port}`);
        const addresses = exempt ? [ipaddr.parse(host).toString()] : await checkedAddresses(host, resolve, controller.signal);
        const target: DialTarget = {
          // An address literal connects to the canonical form of what was checked.
          host: ipaddr.isValid(host) ? addresses[0]! : host,
          port,
          addresses,
          tls: url.protocol === 'https:',
        };
        response = await requestOnce(url, target, dial, controller.signal);
        const status = response.statusCode ?? 0;
        if (REDIRECT_STATUSES.has(status)) {
          const location = response.headers.location;
          response.destroy();
          if (!location || hop >= maxRedirects) throw downloadFailed();
          // The next hop goes through exactly the same checks as the first.
          url = parseTarget(location, url);
          continue;
        }
        if (status !== 200) throw downloadFailed();
        const contentType = mediaTypeOf(response.headers['content-type']);
        if (!acceptTypes.some((prefix) => contentType.startsWith(prefix))) throw downloadFailed();
        const data = await readBody(response, maxBytes);
        return { data, contentType, finalUrl: url.toString() };
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw downloadFailed(error);
    } finally {
      clearTimeout(timer);
      response?.destroy();
    }
  };
}

/** The fetcher the app uses: system DNS, pinned connections, no hooks. */
export const safeFetchImage: ImageFetcher = createSafeImageFetcher();
