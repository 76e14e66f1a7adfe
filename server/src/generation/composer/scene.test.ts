import { describe, expect, it } from 'vitest';
import { parsePrompt } from './scene.ts';

/** The emoji of each subject, with its count. */
const subjectsOf = (prompt: string) => Object.fromEntries(parsePrompt(prompt).subjects.map((s) => [s.emoji, s.count]));

describe('parsePrompt', () => {
  it('finds the subjects a prompt names in many languages, with their counts', () => {
    const cases: [string, string, Record<string, number>][] = [
      ['en', 'three red apples on a wooden table', { '🍎': 3 }],
      ['de', 'drei Katzen auf einem Sofa bei Sonnenuntergang', { '🐈': 3, '\u{1f6cb}': 1 }],
      ['fr', 'un chien et deux chats dans la forêt', { '🐕': 1, '🐈': 2 }],
      ['es', 'cuatro perros en la playa', { '🐕': 4 }],
      ['it', 'due gatti sulla spiaggia al tramonto', { '🐈': 2 }],
      ['ru', 'две собаки в лесу ночью', { '🐕': 2 }],
      ['ja', '海で泳ぐ二匹のイルカ', { '🐬': 2 }],
      ['ko', '고양이 세 마리가 바다에서', { '🐈': 3 }],
      ['ar', 'جمل في الصحراء', { '🐪': 1 }],
      ['ar', 'كلب وقطتان في الغابة ليلا', { '🐕': 1, '🐈': 2 }],
      ['th', 'สุนัขหนึ่งตัวและแมวสองตัวในป่าตอนกลางคืน', { '🐕': 1, '🐈': 2 }],
      ['zh-Hant', '森林裡的兩隻狐狸', { '🦊': 2 }],
      ['zh', '三只猫', { '🐈': 3 }],
      ['tr', 'iki kedi ve bir köpek denizde', { '🐈': 2, '🐕': 1 }],
      ['th', 'แมวสามตัวในป่า', { '🐈': 3 }],
      ['en', '5 rockets in space', { '🚀': 5 }],
    ];
    for (const [locale, prompt, expected] of cases) {
      const scene = parsePrompt(prompt);
      expect(scene.locale, prompt).toBe(locale);
      expect(subjectsOf(prompt), prompt).toMatchObject(expected);
    }
    // Reads 15 languages' annotations on first use: ~1 s alone, more on a loaded machine.
  }, 20_000);

  it('reads setting, time of day, weather, colours and style', () => {
    expect(parsePrompt('a paper boat in the rain')).toMatchObject({ setting: 'sea', weather: ['rain'] });
    expect(parsePrompt('drei Katzen auf einem Sofa bei Sonnenuntergang')).toMatchObject({ setting: 'room', time: 'sunset' });
    expect(parsePrompt('夜の東京の桜')).toMatchObject({ setting: 'city', time: 'night' });
    expect(parsePrompt('قارب في البحر عند الغروب')).toMatchObject({ setting: 'sea', time: 'sunset' });
    // Thai: "นก" (bird) inside "ตอนกลางคืน" (at night) is not a bird.
    expect(parsePrompt('สุนัขหนึ่งตัวและแมวสองตัวในป่าตอนกลางคืน')).toMatchObject({ setting: 'forest', time: 'night' });
    expect(parsePrompt('สุนัขหนึ่งตัวและแมวสองตัวในป่าตอนกลางคืน').subjects).toHaveLength(2);
    expect(parsePrompt('ein Hund im verschneiten Wald')).toMatchObject({ setting: 'forest', weather: ['snow'] });
    expect(parsePrompt('a blue car in the fog, watercolor')).toMatchObject({ colours: ['blue'], weather: ['fog'], style: 'watercolor' });
    expect(parsePrompt('pixel art of a rocket in space')).toMatchObject({ setting: 'space', style: 'pixel', time: 'night' });
  });

  it('caps the pictures at nine and says when a prompt names nothing it knows', () => {
    expect(parsePrompt('twelve cats and 40 dogs').subjects.reduce((n, s) => n + s.count, 0)).toBeLessThanOrEqual(9);
    expect(parsePrompt('an abstract composition').empty).toBe(true);
    expect(parsePrompt('a cat').empty).toBe(false);
  });
});
