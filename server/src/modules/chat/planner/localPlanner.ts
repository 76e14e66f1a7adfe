/**
 * The local prompt planner: no network, no model, deterministic (same chat in, same plan out).
 * It reads the subject, a style and an aspect ratio from the message with word rules, and
 * proposes four prompts — the subject in four styles, or, when the user named a style, that
 * style under different light and framing. Follow-ups ("make it darker", "again but blue",
 * "more like the second", "in watercolour") change the subject of the earlier messages instead
 * of starting over: the chat's user messages are folded, oldest first, into one running state.
 */
import type { ChatPlan, PromptProposal } from '@tessera/shared/chat';
import { ASPECT_RATIOS, type AspectRatio } from '@tessera/shared/generation';
import type { ChatPlanner, PlanOptions, PlannerAnswer, PlannerTurn } from './planner.ts';

interface Style {
  key: string;
  label: string;
  /** Matches the style's name in a message (without connecting words). */
  words: string;
  prompt: string;
  boost: string;
  negative: string;
}

const DETAILED = 'highly detailed, sharp focus, high quality';
const BASE_NEGATIVE = 'blurry, low quality, distorted, deformed, watermark, text';

/** Styles the planner recognises. The order is the order in which they are looked for. */
export const STYLES: readonly Style[] = [
  {
    key: 'photo',
    label: 'Photo',
    words: 'photo-?realistic|photoreal|realistic|photo(?:graph)?s?|dslr',
    prompt: 'photorealistic photograph, natural light, 50mm lens',
    boost: DETAILED,
    negative: 'cartoon, illustration, painting',
  },
  {
    key: 'cinematic',
    label: 'Cinematic',
    words: 'cinematic|film still|movie still|movie scene',
    prompt: 'cinematic film still, dramatic lighting, shallow depth of field',
    boost: DETAILED,
    negative: 'cartoon',
  },
  {
    key: 'watercolour',
    label: 'Watercolour',
    words: 'water[- ]?colou?rs?',
    prompt: 'watercolour painting, soft washes, visible paper texture',
    boost: 'delicate, high quality',
    negative: 'photo, 3d render',
  },
  {
    key: 'oil',
    label: 'Oil painting',
    words: 'oil[- ]?paint(?:ing|ed)?s?|oil on canvas',
    prompt: 'oil painting, visible brush strokes, rich impasto texture',
    boost: 'masterpiece, high quality',
    negative: 'photo, 3d render',
  },
  {
    key: 'anime',
    label: 'Anime',
    words: 'anime|manga',
    prompt: 'anime style, clean cel shading, vibrant colours',
    boost: DETAILED,
    negative: 'photorealistic, 3d render',
  },
  {
    key: 'pixel',
    label: 'Pixel art',
    words: 'pixel[- ]?art|(?:8|16)[- ]?bit',
    prompt: 'pixel art, crisp pixels, limited palette',
    boost: 'clean, high quality',
    negative: 'blurry pixels, photo',
  },
  {
    key: '3d',
    label: '3D render',
    words: '3-?d(?:[- ]render(?:ed|ing)?)?|cgi',
    prompt: '3D render, soft global illumination, studio lighting',
    boost: DETAILED,
    negative: 'flat, sketch',
  },
  {
    key: 'sketch',
    label: 'Sketch',
    words: '(?:pencil )?sketch(?:ed|y|es)?|pencil drawing|line art|charcoal(?: drawing)?',
    prompt: 'pencil sketch, fine line work, cross-hatching, on white paper',
    boost: 'clean lines, high quality',
    negative: 'colour, photo',
  },
  {
    key: 'minimal',
    label: 'Minimal',
    words: 'minimal(?:ist|istic)?|flat design|flat vector',
    prompt: 'minimalist flat illustration, clean shapes, generous negative space',
    boost: 'high quality',
    negative: 'clutter, busy background',
  },
  {
    key: 'comic',
    label: 'Comic',
    words: 'comic(?:[- ]book)?s?|cartoon(?:ish|y)?',
    prompt: 'comic book illustration, bold ink outlines, halftone shading',
    boost: DETAILED,
    negative: 'photo',
  },
  {
    key: 'noir',
    label: 'Black and white',
    words: 'noir|black[- ]and[- ]white|b&w|monochrome',
    prompt: 'black and white photograph, high contrast, deep shadows',
    boost: DETAILED,
    negative: 'colour',
  },
  {
    key: 'illustration',
    label: 'Illustration',
    words: 'digital (?:art|painting|illustration)|concept art|illustration',
    prompt: 'detailed digital illustration, concept art',
    boost: DETAILED,
    negative: 'photo',
  },
];

/** The styles proposed when the user named none. */
const DEFAULT_STYLE_KEYS = ['photo', 'cinematic', 'illustration', 'watercolour'] as const;
const styleByKey = (key: string): Style => {
  const style = STYLES.find((s) => s.key === key);
  if (!style) throw new Error(`unknown style ${key}`);
  return style;
};

/** Light and framing variations of one style (the first is the style as it is). */
const VARIATIONS = [
  { label: '', extra: '' },
  { label: 'Golden hour', extra: 'warm golden hour light' },
  { label: 'Close-up', extra: 'close-up, detailed focus on the subject' },
  { label: 'Dramatic', extra: 'dramatic lighting, moody atmosphere' },
] as const;

/** Further variations for a picked proposal that already has some of the ones above. */
const MORE_VARIATIONS = [
  { label: 'Soft light', extra: 'soft diffused light' },
  { label: 'Wide shot', extra: 'wide establishing shot' },
  { label: 'Night', extra: 'at night, glowing lights' },
] as const;

const ASPECT_NAMES: Record<AspectRatio, string> = {
  '1:1': 'square',
  '4:3': 'landscape 4:3',
  '3:4': 'portrait 3:4',
  '16:9': 'widescreen 16:9',
  '9:16': 'vertical 9:16',
};

// ——— Aspect ratio ———

/** The supported aspect closest to `w`:`h` (compared on a log scale, so 2:1 and 1:2 are equally far from 1:1). */
export function nearestAspect(w: number, h: number): AspectRatio {
  const target = Math.log(w / h);
  let best: AspectRatio = '1:1';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [key, [aw, ah]] of Object.entries(ASPECT_RATIOS) as [AspectRatio, readonly [number, number]][]) {
    const distance = Math.abs(Math.log(aw / ah) - target);
    if (distance < bestDistance) {
      best = key;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Aspect rules, first match wins. `strip` removes the words from the subject when they only
 * describe the format ("in portrait format"); words that also describe the picture ("a mountain
 * landscape", "a portrait of my dog") stay in the prompt.
 */
const ASPECT_RULES: readonly { re: RegExp; aspect: AspectRatio | null; strip: boolean }[] = [
  // An explicit ratio or size: 16:9, 2x3, 1920×1080 (mapped to the nearest supported one).
  { re: /(?:,\s*)?\b(?:in\s+|at\s+)?(\d{1,4})\s*[:x×]\s*(\d{1,4})(?:\s+(?:format|aspect(?:\s+ratio)?|ratio))?\b/i, aspect: null, strip: true },
  { re: /(?:,\s*)?\b(?:in\s+)?portrait\s+(?:format|orientation|mode|aspect(?:\s+ratio)?|ratio|layout)\b|(?:,\s*)?\bin\s+portrait\b(?!\s+of)/i, aspect: '3:4', strip: true },
  { re: /(?:,\s*)?\b(?:in\s+)?landscape\s+(?:format|orientation|mode|aspect(?:\s+ratio)?|ratio|layout)\b|(?:,\s*)?\bin\s+landscape\b(?!\s+of)/i, aspect: '4:3', strip: true },
  {
    re: /(?:,\s*)?\b(?:(?:in\s+)?(?:a\s+)?(?:vertical|upright)(?:\s+(?:format|orientation|image|picture|photo|version|aspect))?|(?:phone|mobile|iphone|lock ?screen)\s+wallpaper|(?:instagram|ig)\s+(?:story|stories|reels?)|story format|tiktok)\b/i,
    aspect: '9:16',
    strip: true,
  },
  {
    re: /(?:,\s*)?\b(?:(?:in\s+)?(?:a\s+)?(?:horizontal|widescreen|wide[- ]screen)(?:\s+(?:format|orientation|image|picture|photo|version|aspect))?|wide\s+format|(?:desktop|pc|youtube)\s+(?:wallpaper|thumbnail|banner))\b/i,
    aspect: '16:9',
    strip: true,
  },
  { re: /(?:,\s*)?\b(?:(?:in\s+|as\s+)?(?:a\s+)?square(?:\s+(?:format|image|picture|photo|aspect|crop|ratio|version))|(?:as|in)\s+a\s+square)\b/i, aspect: '1:1', strip: true },
  { re: /\b(?:panoram(?:a|ic)|wide[- ]angle|wide shot|banner)\b/i, aspect: '16:9', strip: false },
  { re: /\b(?:instagram post|avatar|profile (?:picture|pic|photo)|app icon|icon|logo)\b/i, aspect: '1:1', strip: false },
  { re: /\bportraits?\b/i, aspect: '3:4', strip: false },
  { re: /\blandscapes?\b/i, aspect: '4:3', strip: false },
  { re: /\bposter\b/i, aspect: '3:4', strip: false },
];

/** The aspect named in `text` (null when none) and the text without format-only words. */
export function extractAspect(text: string): { aspect: AspectRatio | null; rest: string } {
  for (const rule of ASPECT_RULES) {
    const match = rule.re.exec(text);
    if (!match) continue;
    let aspect = rule.aspect;
    if (!aspect) {
      const w = Number(match[1]);
      const h = Number(match[2]);
      if (!(w > 0 && h > 0)) continue;
      aspect = nearestAspect(w, h);
    }
    return { aspect, rest: rule.strip ? text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length) : text };
  }
  return { aspect: null, rest: text };
}

// ——— Style ———

const STYLE_TAILS = 'style|styled|look|aesthetic|version|drawing|image|picture|painting|render|shot|photo(?:graph)?|art';

/** The first style named in `text` (null when none) and the text without it and its connecting words. */
export function extractStyle(text: string): { style: Style | null; rest: string } {
  for (const style of STYLES) {
    // "a watercolour painting of a fox", "a photo of a cat": the style and its "of" go.
    const leading = new RegExp(`\\b(?:an?\\s+|the\\s+)?(?:${style.words})(?:[- ](?:${STYLE_TAILS}))?\\s+of\\b`, 'i');
    // "a fox in watercolour style", "as an oil painting", "anime fox": the style and its connectors go.
    const anywhere = new RegExp(
      `(?:,\\s*)?(?:\\b(?:in|as|like|with)\\s+(?:the\\s+style\\s+of\\s+)?(?:an?\\s+|the\\s+)?)?(?<![\\w-])(?:${style.words})(?![\\w-])(?:[- ](?:${STYLE_TAILS})(?![\\w-]))?`,
      'i',
    );
    for (const re of [leading, anywhere]) {
      const match = re.exec(text);
      if (match) return { style, rest: text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length) };
    }
  }
  return { style: null, rest: text };
}

// ——— Things to leave out ———

const NEGATIVE_RE = /(?:,\s*)?\b(?:without|with no|but no|and no|no more|minus)\s+(?:any\s+)?(?:the\s+)?([^,.;!?]+?)(?=\s*(?:[,.;!?]|$|\band\b|\bbut\b|\bwith\b))/gi;

/** "without people", "with no text": what to keep out of the picture, and the text without it. */
export function extractNegatives(text: string): { negatives: string[]; rest: string } {
  const negatives: string[] = [];
  const rest = text.replace(NEGATIVE_RE, (_all, what: string) => {
    // "without people or boats" keeps out people and boats.
    negatives.push(what.trim().replace(/\s+(?:or|nor|and)\s+/gi, ', '));
    return ' ';
  });
  return { negatives: negatives.filter(Boolean), rest };
}

// ——— Subject ———

const OPENER_RE =
  /^(?:hey|hi|hello|ok(?:ay)?|please|pls|so|can you|could you|would you|will you|i(?:'d| would) like(?: to see)?|i want(?: to see)?|i need|let'?s(?: see)?|let us see|make me|make|create|generate|draw|paint|render|design|show me|show|give me|imagine|produce|me|some|a few|(?:an?\s+)?(?:images?|pictures?|pics?|illustrations?|artworks?)(?:\s+(?:of|with|showing))?|(?:one|two|three|four|\d+)\s+(?:images?|pictures?|versions?|variations?)(?:\s+of)?)\b[\s,:;.!?]*/i;
const TRAILER_RE = /[\s,;:.!?]*\b(?:please|pls|for me|thanks|thank you|thx)\b[\s,;:.!?]*$|[\s,;:.!?]+$/i;

function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/([,;:])(?=[,;:.!?])/g, '')
    .replace(/\b(an?|the)\s+(?=(?:an?|the)\b)/gi, '')
    .replace(/^[\s,;:.-]+|[\s,;:-]+$/g, '')
    .trim();
}

/** The picture's subject: the message without request phrases ("can you make me …"), politeness and stray punctuation. */
export function cleanSubject(text: string): string {
  let subject = tidy(text);
  for (let i = 0; i < 6; i++) {
    const next = tidy(subject.replace(OPENER_RE, '').replace(TRAILER_RE, ''));
    if (next === subject) break;
    subject = next;
  }
  return subject;
}

// ——— Follow-ups ———

const COLOURS = 'red|orange|yellow|green|blue|purple|violet|pink|teal|cyan|magenta|gold(?:en)?|silver|black|white|brown|turquoise|beige|crimson|navy';

/**
 * Short change requests and the prompt words that carry them out. A change replaces an earlier
 * one of the same `group` ("darker" then "brighter" keeps only "brighter"; "green" then "blue"
 * keeps blue).
 */
const MODIFIERS: readonly { re: RegExp; prompt: string; group: string }[] = [
  { re: /^(?:darker|dark|moodier|gloomier|at night|night(?:time)?|darker and moodier)$/, prompt: 'darker, moody low-key lighting, deep shadows', group: 'light' },
  { re: /^(?:brighter|lighter|bright|sunnier|sunny|daytime|during the day)$/, prompt: 'brighter, airy high-key lighting', group: 'light' },
  { re: /^(?:warmer|warm)$/, prompt: 'warm golden tones', group: 'temperature' },
  { re: /^(?:cooler|colder|cool|cold)$/, prompt: 'cool blue tones', group: 'temperature' },
  { re: /^(?:more colou?rful|colou?rful|more vibrant|vibrant|more saturated|saturated)$/, prompt: 'vibrant saturated colours', group: 'saturation' },
  { re: /^(?:muted|pastel|softer|soft|less saturated|desaturated|less colou?rful)$/, prompt: 'soft muted pastel colours', group: 'saturation' },
  { re: /^(?:closer|close[- ]?up|zoom(?:ed)? in|bigger|larger)$/, prompt: 'close-up shot', group: 'framing' },
  { re: /^(?:further away|farther away|further|farther|zoom(?:ed)? out|wider|smaller)$/, prompt: 'wide establishing shot', group: 'framing' },
  { re: /^(?:simpler|cleaner|less busy|less detail(?:ed)?|plainer)$/, prompt: 'simple uncluttered composition', group: 'detail' },
  { re: /^(?:more detail(?:ed)?|detailed|sharper|crisper)$/, prompt: 'intricate detail, ultra sharp', group: 'detail' },
  { re: /^(?:happier|cheerful|cheerier|cuter|cute|friendlier)$/, prompt: 'cheerful, joyful mood', group: 'mood' },
  { re: /^(?:scarier|creepier|spooky|spookier|scary|creepy|eerie)$/, prompt: 'eerie, unsettling atmosphere', group: 'mood' },
  { re: /^(?:more realistic|realistic)$/, prompt: 'photorealistic', group: 'realism' },
  { re: new RegExp(`^(?:(?:in|more|all)\\s+)?(${COLOURS})(?:\\s+(?:colou?rs?|tones?|palette|instead))?$`), prompt: '$1 colour palette', group: 'colour' },
];

/** "the second", "2nd", "number 2" → index 1. */
const ORDINALS: Record<string, number> = Object.fromEntries(
  [
    ['first', '1st', 'one', '1'],
    ['second', '2nd', 'two', '2'],
    ['third', '3rd', 'three', '3'],
    ['fourth', '4th', 'four', '4'],
    ['fifth', '5th', 'five', '5'],
    ['sixth', '6th', 'six', '6'],
  ].flatMap((words, index) => words.map((word) => [word, index] as const)),
);
const PICK_RE = /\b(?:more\s+)?like\s+(?:the\s+)?(?:(first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th|last)(?:\s+(?:one|image|picture|option|idea|version))?|(?:number|option|#|no\.?)\s*([1-6]))\b/i;

const FOLLOW_UP_RE =
  /^(?:(?:ok(?:ay)?|great|nice|cool|good|thanks|love it|perfect|hmm+|yes|yeah|yep|now|please|pls|actually|so|well|hm+|oh)[,!.]?\s+)*(?:make (?:it|them|this|that|those|these|the (?:images?|pictures?|photos?|ones?))|(?:can|could|would) you make (?:it|them|this)|again|(?:the\s+)?same|once more|one more|another(?=\s+(?:one|version|take|try|go|round)\b|\s*[.!]*$)|more|less|but|and|also|now|add|with|without|remove|get rid of|drop|change|try|switch|use|turn (?:it|them)|this time|what about|how about|give (?:it|them)|put|no|like)\b/i;
/** "make it", "turn them into", "draw this as": the verb and its object carry no change themselves. */
const VERB_OBJECT_RE =
  /\b(?:(?:can|could|would) you\s+)?(?:make|turn|give|render|paint|draw|do|redo|show)\s+(?:it|them|this|that|those|these|one|the (?:images?|pictures?|photos?|ones?))(?:\s+(?:into|as|in|look))?\b/gi;
const FILLER_RE =
  /\b(?:again|(?:the\s+)?same(?:\s+(?:thing|one|image|picture))?|but|also|now|this time|once more|one more|another(?:\s+(?:one|version|take|try|go|round))?|please|pls|a (?:bit|little|lot)|much|slightly|somewhat|even|try|use|switch to|ok(?:ay)?|great|nice|cool|thanks|love it|perfect|yes|yeah|yep|what about|how about|instead|actually|so|well)\b/gi;
/** Words that say nothing once the change words around them are gone. */
const STRAY_RE = /^(?:more|less|very|way|too|so|it|them|one|ones|the|a|an|in|as|to|into|with|version)$/i;
const REMOVE_RE = /\b(?:remove|get rid of|drop|lose|no)\s+(?:the\s+|any\s+)?([^,;.!?]+?)(?=\s*(?:[,;.!?]|\band\b|\bbut\b|$))/gi;
/** "change the background to blue" → "blue background". */
const CHANGE_TO_RE = /\bchange\s+(?:the\s+)?([^,;.!?]+?)\s+(?:to|into)\s+([^,;.!?]+)/gi;

/** A change request's words for the prompt ("darker" → lighting words), or the words themselves. */
export function modifierFor(text: string): Modifier & { known: boolean } {
  const words = text.toLowerCase().replace(/\s+/g, ' ').trim();
  for (const m of MODIFIERS) {
    if (m.re.test(words)) return { prompt: words.replace(m.re, m.prompt), group: m.group, known: true };
  }
  return { prompt: text.trim(), group: null, known: false };
}

/** A change kept for the following prompts. */
export interface Modifier {
  prompt: string;
  /** Changes of one group replace each other; null = free text, always kept. */
  group: string | null;
}

/** What the chat is about so far. */
export interface PlannerState {
  subject: string;
  style: Style | null;
  aspect: AspectRatio | null;
  modifiers: Modifier[];
  negatives: string[];
  /** A proposal picked with "more like the second": later prompts start from it. */
  base: PromptProposal | null;
  /** What the latest message changed, for the reply ("darker", "watercolour"). */
  changes: string[];
  followUp: boolean;
}

const EMPTY_STATE: PlannerState = { subject: '', style: null, aspect: null, modifiers: [], negatives: [], base: null, changes: [], followUp: false };

/** Applies one user message to the running state (a new subject, or a change to the current one). */
export function applyMessage(state: PlannerState, message: string, previousProposals: readonly PromptProposal[]): PlannerState {
  const text = message.normalize('NFKC').replace(/[“”]/g, '"').replace(/[‘’]/g, "'").trim();
  const aspectPart = extractAspect(text);
  const stylePart = extractStyle(aspectPart.rest);
  const negativePart = extractNegatives(stylePart.rest);
  const subject = cleanSubject(negativePart.rest);
  const hasSubject = state.subject !== '';

  // A change request starts like one ("make it …", "again but …") or with a known change ("darker, with a hat").
  const firstPart = splitChanges(subject)[0];
  const looksLikeFollowUp = FOLLOW_UP_RE.test(text) || firstPart === undefined || modifierFor(firstPart).known;
  if (!hasSubject || !looksLikeFollowUp) {
    return {
      ...EMPTY_STATE,
      // Empty when the message only names a style or format ("as a watercolour"): see planSync.
      subject,
      style: stylePart.style,
      aspect: aspectPart.aspect,
      negatives: negativePart.negatives,
    };
  }

  const next: PlannerState = { ...state, modifiers: [...state.modifiers], negatives: [...state.negatives], changes: [], followUp: true };
  let rest = negativePart.rest;

  const pick = PICK_RE.exec(rest);
  if (pick) {
    const word = (pick[1] ?? pick[2] ?? '').toLowerCase();
    const index = word === 'last' ? previousProposals.length - 1 : (ORDINALS[word] ?? -1);
    const picked = previousProposals[index];
    if (picked) {
      next.base = picked;
      next.style = null;
      next.aspect = picked.aspectRatio;
      next.modifiers = [];
      next.changes.push(`closer to “${picked.label || `option ${index + 1}`}”`);
    }
    rest = rest.slice(0, pick.index) + ' ' + rest.slice(pick.index + pick[0].length);
  }
  if (stylePart.style) {
    next.style = stylePart.style;
    next.base = null;
    next.changes.push(stylePart.style.label.toLowerCase());
  }
  if (aspectPart.aspect) {
    next.aspect = aspectPart.aspect;
    next.changes.push(ASPECT_NAMES[aspectPart.aspect]);
  }
  // "remove the hat", "no people", "get rid of the car" are things to leave out too.
  rest = rest.replace(REMOVE_RE, (_all, what: string) => {
    negativePart.negatives.push(cleanSubject(what));
    return ' ';
  });
  for (const negative of negativePart.negatives.filter(Boolean)) {
    next.negatives.push(negative);
    next.changes.push(`without ${negative}`);
  }
  const remaining = cleanSubject(
    rest
      .replace(CHANGE_TO_RE, '$2 $1')
      .replace(/\b(?:add|include)\s+/gi, 'with ')
      .replace(VERB_OBJECT_RE, ' ')
      .replace(FILLER_RE, ' '),
  );
  for (const part of splitChanges(remaining)) {
    if (STRAY_RE.test(part)) continue;
    const modifier = modifierFor(part);
    next.modifiers = [...next.modifiers.filter((m) => m.group === null || m.group !== modifier.group), { prompt: modifier.prompt, group: modifier.group }];
    next.changes.push(part);
  }
  return next;
}

/** "darker and more blue, with a hat" → ["darker", "more blue", "with a hat"]. */
function splitChanges(text: string): string[] {
  return text
    .split(/\s*(?:,|;|\band\b|\bbut\b)\s*/i)
    .map((part) => cleanSubject(part))
    .filter(Boolean);
}

/** Folds the chat (oldest first) and the new message into one state. */
export function stateFor(history: readonly PlannerTurn[], message: string): PlannerState {
  let state = EMPTY_STATE;
  let proposals: readonly PromptProposal[] = [];
  for (const turn of history) {
    if (turn.role === 'assistant') proposals = turn.proposals;
    else state = applyMessage(state, turn.text, proposals);
  }
  return applyMessage(state, message, proposals);
}

// ——— Proposals and reply ———

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
/** Comma-joins prompt parts, each phrase once (a picked proposal already carries its style words). */
function join(...parts: string[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const phrase of parts.flatMap((part) => part.split(','))) {
    const trimmed = phrase.trim();
    if (trimmed === '' || seen.has(trimmed.toLowerCase())) continue;
    seen.add(trimmed.toLowerCase());
    out.push(trimmed);
  }
  return out.join(', ');
}

function proposalsFor(state: PlannerState, aspect: AspectRatio): PromptProposal[] {
  const modifiers = state.modifiers.map((m) => m.prompt).join(', ');
  const subject = clip(state.subject, 1200);
  const negatives = state.negatives.join(', ');
  const make = (label: string, core: string, extra: string, boost: string, negative: string): PromptProposal => ({
    prompt: clip(join(core, extra, modifiers, boost), 2000),
    negativePrompt: clip(join(negatives, negative, BASE_NEGATIVE), 1000),
    aspectRatio: aspect,
    label: clip(label, 60),
  });

  if (state.base) {
    const base = state.base;
    // The picked prompt as it is, then light and framing it does not have yet.
    const fresh = [...VARIATIONS.slice(1), ...MORE_VARIATIONS].filter((v) => !base.prompt.toLowerCase().includes(v.extra)).slice(0, 3);
    return [make(base.label || 'Picked', clip(base.prompt, 1500), '', '', base.negativePrompt ?? ''), ...fresh.map((v) => make(v.label, clip(base.prompt, 1500), v.extra, '', base.negativePrompt ?? ''))];
  }
  if (state.style) {
    const style = state.style;
    return VARIATIONS.map((v) => make(v.label ? `${style.label} · ${v.label}` : style.label, join(subject, style.prompt), v.extra, style.boost, style.negative));
  }
  return DEFAULT_STYLE_KEYS.map((key) => {
    const style = styleByKey(key);
    return make(style.label, join(subject, style.prompt), '', style.boost, style.negative);
  });
}

function replyFor(state: PlannerState, proposals: PromptProposal[], aspect: AspectRatio, opts: PlanOptions): string {
  const what = `“${clip(state.base ? state.subject || state.base.label : state.subject, 80)}”`;
  const how = state.base ? '' : state.style ? ` in ${state.style.label.toLowerCase()} style` : ' in different styles';
  const from = opts.fromImage ? ', starting from your selected image' : '';
  const intro = state.followUp
    ? `Got it${state.changes.length ? ` — ${clip(state.changes.join(', '), 160)}` : ''}. Here are ${proposals.length} new takes on ${what}${how}${from} (${ASPECT_NAMES[aspect]}).`
    : `Here are ${proposals.length} ideas for ${what}${how}${from} (${ASPECT_NAMES[aspect]}).`;
  const count = Math.min(opts.count, proposals.length);
  const next =
    opts.count <= 0
      ? ' Pick one and I’ll put it on the canvas.'
      : count === 1
        ? ` I’m making “${proposals[0]?.label}” on the canvas next to this chat.`
        : ` I’m making the first ${opts.count} on the canvas next to this chat.`;
  return intro + next;
}

/** Plans without a network: word rules, templates and the chat so far. Deterministic. */
export class LocalPromptPlanner implements ChatPlanner {
  async plan(history: readonly PlannerTurn[], message: string, opts: PlanOptions): Promise<PlannerAnswer> {
    return { plan: this.planSync(history, message, opts), planner: 'local' };
  }

  /** The same plan, synchronously (tests, and the LLM planner's fallback). */
  planSync(history: readonly PlannerTurn[], message: string, opts: PlanOptions): ChatPlan {
    const found = stateFor(history, message);
    // Nothing but a style or format: restyle the source image, or take the words as they are.
    const state = found.subject ? found : { ...found, subject: opts.fromImage ? 'the same scene' : cleanSubject(message) || message.trim() };
    const aspect = opts.aspectRatio ?? state.aspect ?? '1:1';
    const proposals = proposalsFor(state, aspect);
    return { reply: replyFor(state, proposals, aspect, opts), proposals };
  }
}
