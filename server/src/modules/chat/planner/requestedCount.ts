/**
 * How many images a chat message asks for in words ("two images of …", "2 pictures", "a couple
 * of versions"), so "make two images of a fox" makes two whatever the composer's count says
 * (issue 22). English, as the local planner reads it. Capped to what one message may make.
 */
import { CHAT_MAX_IMAGES } from '@tessera/shared/chat';

const NUMBERS: Record<string, number> = {
  one: 1,
  single: 1,
  two: 2,
  pair: 2,
  couple: 2,
  three: 3,
  few: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};
const NOUNS = 'images?|pictures?|pics?|photos?|photographs?|versions?|variations?|variants?|options?|illustrations?|drawings?|paintings?|renders?|shots?|takes?|ones';
/** A number, up to two describing words ("two different square …"), then what is made. */
const COUNT_RE = new RegExp(
  `(?<![\\w.,:×])(?:an?\\s+)?(\\d{1,3}|${Object.keys(NUMBERS).join('|')})(?:\\s+of)?\\s+(?:[a-z-]+\\s+){0,2}?(?:${NOUNS})\\b`,
  'i',
);

/** The number of images the message asks for (1 … CHAT_MAX_IMAGES), or null when it names none. */
export function requestedImageCount(text: string): number | null {
  const match = COUNT_RE.exec(text.normalize('NFKC'));
  if (!match) return null;
  const word = (match[1] ?? '').toLowerCase();
  const n = /^\d+$/.test(word) ? Number(word) : (NUMBERS[word] ?? 0);
  if (!(n >= 1)) return null;
  return Math.min(n, CHAT_MAX_IMAGES);
}
