/**
 * The offline flow planner (no network): the common briefs as templates of flows, and a note for
 * whatever it cannot map. It reads English cues:
 *
 *  - "image of X" → prompt → text_to_image;
 *  - "video of X", "a clip", "N-second teaser" → prompt → text_to_image → image_to_video (the
 *    duration from the brief, clamped to what the kind allows);
 *  - "from this photo" with an image → image input → image_to_video (a video), product_photo (a
 *    product picture, when a product scene template is offered) or image_to_image (a restyle);
 *  - "upscale" / "remove the background" → those tool steps;
 *  - "voice-over", "narration", "lip sync" → a lip_sync step speaking a narration text input
 *    (the brief's quoted words, else a draft to edit);
 *  - "variations", "N versions" → variations.seeds on the first step that makes something.
 *
 * Kinds this server does not offer are left out with a note.
 */
import { type PlannerRole, roleName } from './roleNames.ts';
import { type FlowNoteCode, type FlowNoteParams, type FlowProposal, flowNote } from '@tessera/shared/flows/plan';
import { MAX_JOBS_PER_STEP } from '@tessera/shared/flows';
import type { GenerationKind } from '@tessera/shared/generation';
import { allowedValues } from './kindSettings.ts';
import type { FlowPlanner, FlowPlannerAnswer, FlowPlanRequest, PlannerCatalogue } from './planner.ts';

const NUMBER_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, sixteen: 16 };
const DEFAULT_VARIATIONS = 4;

const CUES = {
  video: /\b(videos?|clips?|teasers?|trailers?|reels?|animat\w*|movies?|films?|motion|shorts?)\b|\b\d+\s*-?\s*(?:s|secs?|seconds?)\b/,
  image: /\b(images?|pictures?|pics?|illustrations?|posters?|drawings?|paintings?|renders?|artworks?|portraits?|wallpapers?)\b/,
  thisImage: /\b(this|my|the attached|the uploaded|attached|uploaded)\s+(photo|image|picture|pic|shot)\b/,
  upscale: /\bupscal\w*|\bsharpen\w*|\bhigher resolution\b|\b(4k|hd)\b/,
  removeBackground: /\b(remove|drop|cut out|strip)\s+(the\s+)?background\b|\bbackground remov\w*|\btransparent background\b|\bcut-?out\b/,
  voice: /\bvoice[- ]?overs?\b|\bnarrat\w*|\blip[- ]?sync\w*|\btalking\b|\bspoken\b|\bvoiced?\b/,
  variations: /\b(\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|sixteen)\s+(versions|variations|variants|takes|options|alternatives)\b|\bvariations?\b|\bvariants?\b/,
  product: /\bproducts?\b|\bpackshots?\b/,
};

/** Cues of things the offline planner cannot make, with the note it writes about them. */
const CANNOT: [RegExp, FlowNoteCode][] = [
  [/\b(music|soundtrack|song|jingle)\b/, 'cannot_music'],
  [/\b(subtitles?|captions?)\b/, 'cannot_subtitles'],
  [/\b(add|with|put|show)\s+(a|an|our|my|the)?\s*logo\b|\btext overlay\b|\btitle card\b/, 'cannot_overlay'],
  [/\b(montage|cut together|edit together|sequence of|scenes?)\b/, 'cannot_sequence'],
  [/\btranslat\w*|\bsubtitle in\b/, 'cannot_translate'],
];

/** Words that only steer the plan, removed to leave the subject for the prompt. */
const STRIP = [
  /\b(please|can you|could you|i want|i need|i'd like|make me|make|create|generate|give me|build|turn|produce)\b/g,
  /\b(from|using|with|based on|out of|of|into)\s+(this|my|the attached|the uploaded|attached|uploaded)\s+(photo|image|picture|pic|shot)\b/g,
  /\b(this|my)\s+(photo|image|picture|pic|shot)\b/g,
  /,?\s*\b(with|plus|and|add)?\s*(a|an)?\s*(voice[- ]?overs?|narration|lip[- ]?sync|narrator)\b/g,
  /,?\s*\b(and|then|plus)?\s*(upscale[d]?|sharpen(ed)?)(\s+it)?\b/g,
  /,?\s*\b(and|then|plus)?\s*(remove|drop|cut out|strip)\s+(the\s+)?background\b/g,
  /\b(\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|sixteen)\s+(versions|variations|variants|takes|options|alternatives)(\s+of)?\b/g,
  /\b\d+\s*-?\s*(s|secs?|seconds?)(\s+long)?\b/g,
  /\b(an?\s+)?(images?|pictures?|videos?|clips?)\s+of\b/g,
  /"[^"]*"|“[^”]*”/g,
];

export function subjectOf(brief: string): string {
  let text = brief.toLowerCase();
  for (const pattern of STRIP) text = text.replace(pattern, ' ');
  text = text
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/^[\s,.;:!?-]+|[\s,;:!?-]+$/g, '')
    .replace(/\s{2,}/g, ' ')
    .replace(/^(a|an|the)\s+(?=(a|an|the)\b)/, '')
    .trim();
  // "a clip", "a short video": only the kind of output, no subject.
  const generic = text.replace(/\b(a|an|the|short|quick|nice|new|images?|pictures?|photos?|videos?|clips?|animations?)\b/g, '');
  return /[a-z0-9]/i.test(generic) ? text : '';
}

/** The seconds a brief asks for ("15-second", "10 s", "8 secs"), or null. */
export function requestedSeconds(brief: string): number | null {
  const match = /\b(\d{1,3})\s*-?\s*(?:s|secs?|seconds?)\b/i.exec(brief);
  return match ? Number(match[1]) : null;
}

/** How many variations a brief asks for, or null. */
export function requestedVariations(brief: string): number | null {
  const match = CUES.variations.exec(brief.toLowerCase());
  if (!match) return null;
  const word = match[1];
  const n = word === undefined ? DEFAULT_VARIATIONS : /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? DEFAULT_VARIATIONS);
  return Math.max(1, n);
}

/** The words the brief quotes: what the narration says. */
function quoted(brief: string): string | null {
  const match = /"([^"]+)"|“([^”]+)”/.exec(brief);
  return (match?.[1] ?? match?.[2])?.trim() || null;
}

/** The allowed duration nearest to `seconds` from below (else the shortest). */
function clampDuration(kind: GenerationKind, seconds: number): number | null {
  const values = (allowedValues(kind, 'duration') ?? []).filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  if (values.length === 0) return null;
  return [...values].reverse().find((v) => v <= seconds) ?? values[0]!;
}

/** Builds a proposal step by step: ids, wires, and notes for what is not offered. */
class Builder {
  readonly proposal: FlowProposal = { steps: [], inputs: [], wires: [], notes: [] };
  private n = 0;
  constructor(private readonly catalogue: PlannerCatalogue) {}

  offers(kind: GenerationKind): boolean {
    return this.catalogue.kinds.includes(kind);
  }

  input(port: 'text' | 'image', value: string, name: string): string {
    const id = `in${++this.n}`;
    this.proposal.inputs.push({ id, port, value, name });
    return id;
  }

  /**
   * Adds a step fed by `wires` (port → node id, or a function making the node: called only when
   * the step is added); null (with a note) when the kind is not offered here.
   */
  step(kind: GenerationKind, settings: Record<string, unknown>, wires: Record<string, string | null | (() => string | null)>, name: string): string | null {
    if (!this.offers(kind)) {
      this.note('kind_not_offered', { kind });
      return null;
    }
    const id = `s${++this.n}`;
    this.proposal.steps.push({ id, kind, settings, name });
    for (const [toPort, source] of Object.entries(wires)) {
      const from = typeof source === 'function' ? source() : source;
      if (from) this.proposal.wires.push({ from, to: id, toPort });
    }
    return id;
  }

  note(code: FlowNoteCode, params?: FlowNoteParams): void {
    this.proposal.notes.push(flowNote(code, params));
  }
}

/** The offline plan of a brief (pure). */
export function planFlowOffline(request: FlowPlanRequest): FlowProposal {
  const { brief, imageKey, catalogue } = request;
  const name = (role: PlannerRole) => roleName(role, request.lang);
  const text = brief.toLowerCase();
  const b = new Builder(catalogue);
  const subject = subjectOf(brief);
  const wantsVideo = CUES.video.test(text);
  const wantsVoice = CUES.voice.test(text);
  const wantsUpscale = CUES.upscale.test(text);
  const wantsCutout = CUES.removeBackground.test(text);
  const variations = requestedVariations(brief);
  const seconds = requestedSeconds(brief);
  const mapped = wantsVideo || wantsVoice || wantsUpscale || wantsCutout || CUES.image.test(text) || Boolean(imageKey);

  if (!imageKey && CUES.thisImage.test(text)) b.note('photo_missing');
  if (!mapped) b.note('output_unclear');

  // The subject as a prompt (the whole brief when only steering words were found).
  const prompt = subject || (imageKey ? '' : brief.trim());
  if (!subject && !imageKey) b.note('no_subject');
  let promptId: string | null | undefined;
  const promptInput = (): string | null => (promptId ??= prompt ? b.input('text', prompt, name('prompt')) : null);
  const photo = imageKey ? b.input('image', imageKey, name('photo')) : null;

  // The picture everything else starts from.
  let image: string | null = photo;
  let first: string | null = null;
  if (!photo) {
    image = b.step('text_to_image', { aspectRatio: wantsVideo ? '16:9' : '1:1' }, { prompt: promptInput }, name('image'));
    first = image;
  } else if (!wantsVideo && CUES.product.test(text)) {
    const template = catalogue.templates.product_photo?.[0];
    if (template) first = image = b.step('product_photo', { templateId: template.id }, { image: photo }, name('productScene')) ?? photo;
    else b.note('no_product_template');
  } else if (!wantsVideo && prompt && !wantsUpscale && !wantsCutout) {
    first = image = b.step('image_to_image', {}, { image: photo, prompt: promptInput }, name('restyle')) ?? photo;
  }

  // Image tools work on the picture before it is animated.
  if (wantsCutout && image) image = b.step('background_remover', {}, { image }, name('backgroundRemoval')) ?? image;
  if (wantsUpscale && !wantsVideo && image) image = b.step('upscale', { scale: 2 }, { image }, name('upscale')) ?? image;

  let video: string | null = null;
  if (wantsVideo && image) {
    const settings: Record<string, unknown> = {};
    if (seconds !== null) {
      const duration = clampDuration('image_to_video', seconds);
      if (duration !== null) settings.duration = duration;
      if (duration !== null && duration !== seconds) b.note('clip_shortened', { max: Math.max(...((allowedValues('image_to_video', 'duration') ?? [duration]) as number[])), duration, asked: seconds });
    }
    video = b.step('image_to_video', settings, { image, prompt: promptInput }, name('animation'));
    first ??= video;
    if (wantsUpscale && video) video = b.step('video_upscale', {}, { video }, name('upscale')) ?? video;
  }

  // A voice-over speaks over the clip when there is one, else the portrait speaks it.
  const speaker: Record<string, string> | null = video ? { video } : image ? { image } : null;
  if (wantsVoice && !speaker) b.note('voice_needs_picture');
  if (wantsVoice && speaker) {
    const words = quoted(brief);
    const narration = words ?? `Introducing ${subject || 'what you see here'}.`.replace(/\s+/g, ' ');
    const synced = b.step('lip_sync', {}, { ...speaker, text: () => b.input('text', narration, name('narration')) }, name('voiceOver'));
    if (synced && !words) b.note('narration_draft');
    if (synced) b.note('lip_sync_face');
  }

  if (variations !== null && first) {
    const seeds = Math.min(variations, MAX_JOBS_PER_STEP);
    const step = b.proposal.steps.find((s) => s.id === first);
    if (step) step.variations = { seeds };
    if (seeds !== variations) b.note('variations_capped', { max: MAX_JOBS_PER_STEP, count: seeds });
  }
  for (const [cue, note] of CANNOT) if (cue.test(text)) b.note(note);
  return b.proposal;
}

export class OfflineFlowPlanner implements FlowPlanner {
  plan(request: FlowPlanRequest): Promise<FlowPlannerAnswer> {
    return Promise.resolve({ proposal: planFlowOffline(request), planner: 'local' });
  }
}
