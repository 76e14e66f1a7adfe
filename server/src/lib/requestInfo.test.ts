import { describe, expect, it } from 'vitest';
import { resolveRequestInfo } from './requestInfo.ts';

const base = { countryHeader: undefined, defaultCountry: 'US' };

describe('resolveRequestInfo', () => {
  it('trusts the proxy header only when configured', () => {
    const headers = { 'cf-ipcountry': 'de', 'accept-language': 'fr-FR' };
    expect(resolveRequestInfo(headers, { ...base, countryHeader: 'cf-ipcountry' })).toEqual({ country: 'DE' });
    expect(resolveRequestInfo(headers, base)).toEqual({ country: 'FR' });
  });

  it('ignores unknown proxy values', () => {
    expect(resolveRequestInfo({ 'cf-ipcountry': 'XX' }, { ...base, countryHeader: 'cf-ipcountry' })).toEqual({ country: 'US' });
  });

  it('derives the region from Accept-Language, skipping script subtags', () => {
    expect(resolveRequestInfo(new Headers({ 'accept-language': 'zh-Hant-TW,zh;q=0.9' }), base)).toEqual({ country: 'TW' });
    expect(resolveRequestInfo({ 'accept-language': 'de,en-GB;q=0.8' }, base)).toEqual({ country: 'GB' });
  });

  it('falls back to the default country', () => {
    expect(resolveRequestInfo({}, { ...base, defaultCountry: 'BR' })).toEqual({ country: 'BR' });
  });
});
