/**
 * Where a request comes from (§7 user.getReqInfo). Country resolution, first match wins:
 *  1. the header a trusted proxy sets (COUNTRY_HEADER, e.g. `cf-ipcountry`), when configured;
 *  2. the region of the first Accept-Language tag that has one (`de-CH` → CH);
 *  3. DEFAULT_COUNTRY (US).
 * No GeoIP database ships with Tessera, so (2) is the best offline derivation.
 */
import type { Config } from '../config.ts';

export interface RequestInfo {
  country: string;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const COUNTRY = /^[A-Z]{2}$/;

export function resolveRequestInfo(headers: HeaderBag, config: Pick<Config, 'countryHeader' | 'defaultCountry'>): RequestInfo {
  if (config.countryHeader) {
    const fromProxy = header(headers, config.countryHeader)?.trim().toUpperCase();
    // Cloudflare uses XX for unknown and T1 for Tor: neither is a country.
    if (fromProxy && COUNTRY.test(fromProxy) && fromProxy !== 'XX') return { country: fromProxy };
  }
  const languages = header(headers, 'accept-language') ?? '';
  for (const part of languages.split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const region = tag.split(/[-_]/).find((sub, i) => i > 0 && /^[A-Za-z]{2}$/.test(sub));
    if (region) return { country: region.toUpperCase() };
  }
  return { country: config.defaultCountry };
}
