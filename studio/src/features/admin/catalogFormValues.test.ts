import { describe, expect, it } from 'vitest';
import { formatList, formatOptionsJson, isoToLocalInput, localInputToIso, parseList, parseOptionsJson } from './catalogFormValues.ts';

describe('template options JSON', () => {
  it('accepts a flat object of numbers, strings and booleans; blank is no options', () => {
    expect(parseOptionsJson(' {"seconds": 4, "mode": "soft", "loop": true} ')).toEqual({ ok: true, value: { seconds: 4, mode: 'soft', loop: true } });
    expect(parseOptionsJson('   ')).toEqual({ ok: true, value: {} });
  });

  it('says what is wrong: syntax, not an object, nested or null values, too long', () => {
    expect(parseOptionsJson('{seconds: 4}')).toMatchObject({ ok: false, code: 'syntax' });
    expect(parseOptionsJson('[1, 2]')).toEqual({ ok: false, code: 'notObject' });
    expect(parseOptionsJson('"x"')).toEqual({ ok: false, code: 'notObject' });
    expect(parseOptionsJson('{"a": {"b": 1}}')).toEqual({ ok: false, code: 'badValue', key: 'a' });
    expect(parseOptionsJson('{"a": null}')).toEqual({ ok: false, code: 'badValue', key: 'a' });
    expect(parseOptionsJson(JSON.stringify({ ['k'.repeat(41)]: 1 }))).toEqual({ ok: false, code: 'keyTooLong', key: 'k'.repeat(41) });
    expect(parseOptionsJson(JSON.stringify({ s: 'v'.repeat(201) }))).toEqual({ ok: false, code: 'valueTooLong', key: 's' });
  });

  it('formats options back for editing', () => {
    expect(formatOptionsJson({})).toBe('');
    const text = formatOptionsJson({ seconds: 4 });
    expect(parseOptionsJson(text)).toEqual({ ok: true, value: { seconds: 4 } });
  });
});

describe('lists and dates', () => {
  it('splits comma or space separated lists, dropping blanks and duplicates', () => {
    expect(parseList('zoom-in, spin,,zoom-in  glow')).toEqual(['zoom-in', 'spin', 'glow']);
    expect(parseList('summer sale, cats', { spaces: false })).toEqual(['summer sale', 'cats']);
    expect(formatList(['a', 'b'])).toBe('a, b');
  });

  it('converts between ISO instants and datetime-local values', () => {
    const iso = new Date(2030, 4, 6, 7, 8).toISOString();
    expect(isoToLocalInput(iso)).toBe('2030-05-06T07:08');
    expect(localInputToIso('2030-05-06T07:08')).toBe(iso);
    expect(isoToLocalInput(null)).toBe('');
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('nope')).toBeNull();
  });
});
