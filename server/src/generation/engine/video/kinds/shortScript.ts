/**
 * The AI short's script writer: a small deterministic writer that runs locally (the engine never
 * calls a chat model). It splits a topic into a hook, a few points and an outro — one scene each,
 * with its caption line, the prompt its key frame is drawn from, its camera move and its length
 * in frames — built from the topic's own words with templates picked by the seed.
 */
import { hashText, prng } from '../../../providers/proceduralImage.ts';
import { CAMERA_MOVES, type CameraMove, VIDEO_FPS } from '../videoKinds.ts';

export interface ShortScene {
  /** The caption: what this scene says. */
  line: string;
  /** What its key frame is drawn from. */
  prompt: string;
  move: CameraMove;
  /** Frames this scene is on screen, including the crossfades at its ends. */
  frames: number;
}

/**
 * Frames each crossfade between scenes lasts: half a second (12 at 24 fps). Every profile's rate is
 * a multiple of 4, so this and its half (where captions change, aiShorts.ts) are whole frames.
 */
export const CROSSFADE_FRAMES = VIDEO_FPS / 2;

/** Scenes for each length of short: a hook, the points and an outro. */
const SCENE_COUNTS: Record<number, number> = { 15: 4, 30: 6, 60: 8 };

const STOP_WORDS = new Set(
  ('a an and are as at be but by for from has have how in into is it its of on or that the their there these this those to was were what when ' +
    'where which who why will with you your about make made making video short shorts vertical tiktok reel reels clip do does can our we')
    .split(' '),
);

/**
 * The topic as a phrase that reads inside a caption: its first clause, cut to at most `maxChars`
 * at a word boundary without a dangling little word, and lower-cased at the start when it opens
 * with a function word ("How bees…" → "how bees…") so it can follow "about".
 */
export function topicPhrase(topic: string, maxChars = 40): string {
  const clause = (topic.split(/[.!?\n;:]/)[0] ?? '').replace(/\s+/g, ' ').trim() || topic.replace(/\s+/g, ' ').trim();
  let words = clause.split(' ');
  if (clause.length > maxChars) {
    words = [];
    for (const word of clause.split(' ')) {
      if ([...words, word].join(' ').length > maxChars) break;
      words.push(word);
    }
    if (words.length === 0) words = [clause.slice(0, maxChars)];
    while (words.length > 1 && STOP_WORDS.has(words[words.length - 1]!.toLowerCase())) words.pop();
  }
  const phrase = words.join(' ').replace(/[,\s]+$/, '');
  return STOP_WORDS.has(words[0]!.toLowerCase()) ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : phrase;
}

/** The topic's content words, lower-cased, first use order, no repeats. */
export function topicKeywords(topic: string): string[] {
  const words: string[] = topic.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 3 && !STOP_WORDS.has(w)))];
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const HOOKS = [
  (s: string) => `Ever wondered about ${s}?`,
  (s: string) => `Here's what to know about ${s}.`,
  (s: string) => `${capitalise(s)}, in under a minute.`,
  (s: string) => `Let's talk about ${s}.`,
];
const POINTS = [
  (k: string) => `It starts with ${k}.`,
  (k: string) => `${capitalise(k)} changes everything.`,
  (k: string) => `Don't overlook ${k}.`,
  (k: string) => `${capitalise(k)} is where it gets interesting.`,
  (k: string) => `Then there's ${k}.`,
  (k: string) => `Think about ${k} for a second.`,
];
/** Points for a topic with fewer content words than the short has points. */
const GENERAL_POINTS = ['Look closer and the details appear.', 'Small things add up.', 'The why matters as much as the how.', 'Here is the surprising part.'];
const OUTROS = [(s: string) => `That's ${s} in a nutshell.`, (s: string) => `Follow for more on ${s}!`, (s: string) => `Now you know about ${s}.`];

/** Picks from a list with the generator. */
const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Seeded Fisher–Yates: the same seed always deals the same order. */
function shuffled<T>(random: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The scenes of a `durationS` short about `topic`. Their frames, less one crossfade between each
 * pair, add up to exactly `durationS` at VIDEO_FPS.
 */
export function writeShortScript(topic: string, durationS: number, seed: number): ShortScene[] {
  const random = prng((hashText(topic) ^ Math.imul(seed, 0x9e3779b1)) >>> 0);
  const count = SCENE_COUNTS[durationS] ?? Math.max(3, Math.min(8, Math.round(durationS / 7)));
  const subject = topicPhrase(topic);
  const keywords = topicKeywords(topic);
  const points = shuffled(random, POINTS);
  const general = shuffled(random, GENERAL_POINTS);
  const lines = [pick(random, HOOKS)(subject)];
  for (let i = 0; i < count - 2; i++) {
    const keyword = keywords[i];
    lines.push(keyword ? points[i % points.length]!(keyword) : general[i % general.length]!);
  }
  lines.push(pick(random, OUTROS)(subject));
  // a different move from the one before, so cuts read as new shots
  const moves: CameraMove[] = [];
  for (let i = 0; i < count; i++) {
    const options = CAMERA_MOVES.filter((m) => m !== moves[i - 1]);
    moves.push(pick(random, options));
  }
  const total = Math.round(durationS * VIDEO_FPS) + (count - 1) * CROSSFADE_FRAMES;
  const each = Math.floor(total / count);
  return lines.map((line, i) => ({
    line,
    // the whole topic sets the look; the scene's own word varies it
    prompt: i === 0 || i === count - 1 ? topic : `${topic} ${keywords[i - 1] ?? ''}`.trim(),
    move: moves[i]!,
    frames: i === count - 1 ? total - each * (count - 1) : each,
  }));
}

/** When each scene starts, in frames: the previous one's start plus its length less the crossfade. */
export function sceneStarts(scenes: readonly ShortScene[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const scene of scenes) {
    starts.push(at);
    at += scene.frames - CROSSFADE_FRAMES;
  }
  return starts;
}
