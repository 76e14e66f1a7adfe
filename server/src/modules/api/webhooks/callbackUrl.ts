/**
 * A task's callback URL, checked when the task is accepted with the rules image URLs follow
 * (media/safeFetch.ts): http(s), no credentials, at most 2,048 characters, and no address of this
 * machine or its networks. A name is resolved again, and every address checked, at each delivery
 * (DNS can change meanwhile); `allowOrigins` lists exact `address:port` pairs an operator allows
 * anyway (WEBHOOK_ALLOW_ORIGINS, e.g. a receiver on the private network; the tests' receivers).
 */
import { isIP } from 'node:net';
import { AppError } from '@tessera/shared/errors';
import { isBlockedAddress } from '../../../media/safeFetch.ts';

const MAX_CALLBACK_URL_LENGTH = 2_048;

function refused(): AppError {
  return new AppError('INVALID_CALLBACK_URL');
}

/** The URL's host without IPv6 brackets or a trailing dot. */
export function hostOfUrl(url: URL): string {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

export function portOfUrl(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}

/** The normalised URL, or AppError('INVALID_CALLBACK_URL'). */
export function checkCallbackUrl(raw: string, allowOrigins: readonly string[] = []): string {
  if (raw.length > MAX_CALLBACK_URL_LENGTH) throw refused();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused();
  if (url.username || url.password || !url.hostname) throw refused();
  const host = hostOfUrl(url);
  if (isIP(host)) {
    if (isBlockedAddress(host) && !allowOrigins.includes(`${host}:${portOfUrl(url)}`)) throw refused();
  } else if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    // Single-label and localhost names resolve inside the network by definition.
    throw refused();
  }
  return url.toString();
}
