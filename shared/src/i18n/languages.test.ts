import { describe, expect, it } from 'vitest';
import { LANGUAGES, localizePath, resolveUserLanguage, splitLanguagePrefix } from './languages.ts';

describe('languages (§2)', () => {
  it('lists the 19 supported languages once each', () => {
    const codes = LANGUAGES.map((l) => l.code);
    expect(codes).toHaveLength(19);
    expect(new Set(codes).size).toBe(19);
    expect([...codes].sort()).toEqual(
      ['en', 'zh', 'th', 'it', 'pl', 'tr', 'fr', 'ko', 'de', 'ja', 'ru', 'pt', 'ar', 'nb', 'nl', 'da', 'es', 'id', 'tw'].sort(),
    );
  });
});

describe('resolveUserLanguage (§7)', () => {
  it.each([
    ['zh-TW', 'tw'],
    ['zh-Hant-HK', 'tw'],
    ['zh_HK', 'tw'],
    ['tw', 'tw'],
    ['zh-CN', 'zh'],
    ['zh', 'zh'],
    ['de', 'de'],
    ['pt-BR', 'pt'],
    ['nb-NO', 'nb'],
    ['no', 'nb'],
    ['xx-YY,fr;q=0.8', 'fr'],
    ['sv', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('%s → %s', (input, expected) => {
    expect(resolveUserLanguage(input)).toBe(expected);
  });
});

describe('language path prefixes', () => {
  it.each([
    ['/de/home', 'de', '/home'],
    ['/de', 'de', '/'],
    ['/home', 'en', '/home'],
    ['/en/home', 'en', '/en/home'],
    ['/', 'en', '/'],
    ['/xx/home', 'en', '/xx/home'],
    ['/design', 'en', '/design'],
  ])('%s splits into %s + %s', (path, lang, rest) => {
    expect(splitLanguagePrefix(path)).toEqual({ lang, rest });
  });

  it('localizes paths, English unprefixed', () => {
    expect(localizePath('/home', 'de')).toBe('/de/home');
    expect(localizePath('/', 'ja')).toBe('/ja');
    expect(localizePath('/home', 'en')).toBe('/home');
    expect(localizePath('sign-in', 'tw')).toBe('/tw/sign-in');
  });
});
