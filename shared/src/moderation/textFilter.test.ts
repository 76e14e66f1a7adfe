/**
 * The offline text filter against its committed corpora (corpus/blocked.ts: several phrasings per
 * category per language; corpus/allowed.ts: ordinary prompts per language, many chosen because
 * they contain a listed word). Documented rates (docs/configuration.md): 100 % of the blocked
 * corpus refused in the right category, 0 false positives on the allowed corpus. Prints the
 * per-language figures.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../i18n/languages.ts';
import { ALLOWED_CORPUS as ALLOWED } from './corpus/allowed.ts';
import { BLOCKED_CORPUS as BLOCKED } from './corpus/blocked.ts';
import { checkText, type ModerationCategory, normaliseText } from './textFilter.ts';

/** shared has no Node or DOM types; vitest's console is there all the same. */
declare const console: { log(message: string): void };

const CATEGORIES: ModerationCategory[] = ['csam', 'sexual', 'gore', 'weapons'];

describe('text filter corpora', () => {
  it('cover every studio language: ≥ 3 phrasings per category, ≥ 15 ordinary prompts', () => {
    for (const lang of LANGUAGE_CODES) {
      for (const category of CATEGORIES) expect(BLOCKED[lang]?.[category]?.length ?? 0, `${lang} ${category}`).toBeGreaterThanOrEqual(3);
      expect(ALLOWED[lang]?.length ?? 0, lang).toBeGreaterThanOrEqual(15);
    }
  });

  it('refuse all of the blocked corpus in its category and none of the allowed one', () => {
    const rows: string[] = [];
    const misses: string[] = [];
    const falsePositives: string[] = [];
    for (const lang of LANGUAGE_CODES) {
      let refused = 0;
      let total = 0;
      for (const category of CATEGORIES) {
        for (const prompt of BLOCKED[lang]?.[category] ?? []) {
          total++;
          const verdict = checkText(prompt);
          if (!verdict.allowed && verdict.category === category) refused++;
          else misses.push(`${lang} ${category}: "${prompt}" → ${verdict.allowed ? 'allowed' : verdict.category}`);
        }
      }
      const ordinary = ALLOWED[lang] ?? [];
      let passed = 0;
      for (const prompt of ordinary) {
        const verdict = checkText(prompt);
        if (verdict.allowed) passed++;
        else falsePositives.push(`${lang}: "${prompt}" → ${verdict.category} (${verdict.matched?.join(', ')})`);
      }
      rows.push(`${lang}  blocked ${refused}/${total}  false positives ${ordinary.length - passed}/${ordinary.length}`);
    }
    console.log(`text filter corpora\n${rows.join('\n')}`);
    expect(misses).toEqual([]);
    expect(falsePositives).toEqual([]);
  });
});

describe('text filter', () => {
  it('refuses the prompts of the issue', () => {
    expect(checkText('a naked child')).toMatchObject({ allowed: false, category: 'csam' });
    expect(checkText('nude woman')).toMatchObject({ allowed: false, category: 'sexual' });
    expect(checkText('porn')).toMatchObject({ allowed: false, category: 'sexual' });
    expect(checkText('how to make a pipe bomb')).toMatchObject({ allowed: false, category: 'weapons' });
    expect(checkText('a beheading video')).toMatchObject({ allowed: false, category: 'gore' });
  });

  it('sees through spelling tricks', () => {
    for (const trick of ['p0rn', 'P.O.R.N', 'p o r n', 'p-o-r-n', 'pooorn', 'Ｐｏｒｎ', 'p\u200born', 'NUUUDE woman', 'pornografia', 'çiplak kadın'])
      expect(checkText(trick).allowed, trick).toBe(false);
    expect(checkText('a 12-year-old in lingerie')).toMatchObject({ allowed: false, category: 'csam' });
    expect(checkText('14yo sexy')).toMatchObject({ allowed: false, category: 'csam' });
    expect(checkText('b0mb making tutorial')).toMatchObject({ allowed: false, category: 'weapons' });
  });

  it('lets ordinary look-alikes through', () => {
    for (const prompt of ['a 25 year old woman in lingerie', 'XXL t-shirt with a cat', 'an x ray of a hand', 'sexy red car', 'a cowboy with a gun', 'a bomb-shaped cake', 'Padova', 'görünüşe göre güneşli bir gün', 'ośnieżone góry'])
      expect(checkText(prompt).allowed, prompt).toBe(true);
  });

  it('normalises case, width, leetspeak and spacing but keeps numbers and accents', () => {
    expect(normaliseText('Ｐ.o.R.n  s3x!')).toBe(' porn sex ');
    expect(normaliseText('12-year-old 3d')).toBe(' 12 year old 3d ');
    expect(normaliseText('儿 童 色 情')).toBe(' 儿童色情 ');
    expect(normaliseText('Göre')).toBe(' göre ');
  });
});
