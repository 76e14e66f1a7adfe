/**
 * Every marketing landing page the studio renders with `LandingPage`: the page areas (§2
 * "AI video", "AI image" …) and the model landing pages (video models, image models, effects,
 * tools). One descriptor each; the texts live in the `landing` namespace under
 * `items.<i18nKey>` (see `landingKeys`, which the unit test checks against en/landing.json).
 *
 * Only what this server really offers is described as available: every page here now opens a
 * working form (images, video, avatars, shorts and the tools). `coming` stays for kinds that a
 * later issue brings, so their pages can say so instead of promising them.
 */
import { Film, ImageIcon, type LucideIcon, Maximize2, Palette, Scissors, Shapes, Sparkles, UserRound, Video, Wand2 } from 'lucide-react';

export const LANDING_KINDS = ['area', 'videoModel', 'imageModel', 'videoEffect', 'photoEffect', 'tool'] as const;
export type LandingKind = (typeof LANDING_KINDS)[number];

export interface LandingExample {
  /** Key under `items.<i18nKey>.examples`: `title` and `text` (the prompt, for prompt examples). */
  id: string;
  /** An app page the example opens instead of "Use this prompt". */
  to?: string;
}

export interface LandingDescriptor {
  slug: string;
  kind: LandingKind;
  /** Texts under `items.<i18nKey>` in the `landing` namespace. */
  i18nKey: string;
  icon: LucideIcon;
  /** The easy-mode page the "try it" entry opens (an /app route, maybe with a query). */
  tryIt: string;
  /** `coming`: the kind is not on this server yet; the page says so instead of promising it. */
  status: 'available' | 'coming';
  /** Example texts are prompts (shown quoted); with `acceptsPrompt` each gets "Use this prompt". */
  examplesArePrompts: boolean;
  /** The try-it page reads `?prompt=`: the try-it box gets a prompt field. */
  acceptsPrompt: boolean;
  examples: readonly LandingExample[];
  /** FAQ entries `items.<i18nKey>.faq.1 … faq.<faqCount>`, each with `q` and `a`. */
  faqCount: number;
}

const d = (descriptor: LandingDescriptor) => descriptor;

export const LANDINGS = [
  // Page areas (§2).
  d({
    slug: 'ai-image',
    kind: 'area',
    i18nKey: 'aiImage',
    icon: ImageIcon,
    tryIt: '/app/ai-image',
    status: 'available',
    examplesArePrompts: true,
    acceptsPrompt: true,
    examples: [{ id: 'sunset' }, { id: 'forest' }, { id: 'city' }, { id: 'space' }],
    faqCount: 4,
  }),
  d({
    slug: 'ai-video',
    kind: 'area',
    i18nKey: 'aiVideo',
    icon: Video,
    tryIt: '/app/ai-video',
    status: 'available',
    examplesArePrompts: true,
    // /app/ai-video reads `?kind=` (FormSwitcher) but not `?prompt=`, so examples open their form.
    acceptsPrompt: false,
    examples: [
      { id: 'waves', to: '/app/ai-video?kind=text' },
      { id: 'drone', to: '/app/ai-video?kind=image' },
      { id: 'product', to: '/app/ai-video?kind=video' },
    ],
    faqCount: 3,
  }),
  d({
    slug: 'ai-avatar',
    kind: 'area',
    i18nKey: 'aiAvatar',
    icon: UserRound,
    tryIt: '/app/ai-avatar',
    status: 'available',
    examplesArePrompts: false,
    acceptsPrompt: false,
    examples: [
      { id: 'explainer', to: '/app/ai-avatar?kind=avatar' },
      { id: 'product', to: '/app/ai-avatar?kind=avatar' },
      { id: 'lipSync', to: '/app/ai-avatar?kind=lip-sync' },
    ],
    faqCount: 3,
  }),
  d({
    slug: 'ai-shorts',
    kind: 'area',
    i18nKey: 'aiShorts',
    icon: Film,
    tryIt: '/app/ai-shorts',
    status: 'available',
    examplesArePrompts: true,
    acceptsPrompt: false,
    examples: [{ id: 'facts' }, { id: 'recipe' }, { id: 'story' }],
    faqCount: 3,
  }),
  d({
    slug: 'ai-tools',
    kind: 'area',
    i18nKey: 'aiTools',
    icon: Wand2,
    tryIt: '/app/ai-tools',
    status: 'available',
    examplesArePrompts: false,
    acceptsPrompt: false,
    examples: [
      { id: 'upscale', to: '/app/ai-tools/upscaler' },
      { id: 'background', to: '/app/ai-tools/background-remover' },
      { id: 'object', to: '/app/ai-tools/object-remover' },
      { id: 'uncrop', to: '/app/ai-tools/uncrop' },
    ],
    faqCount: 3,
  }),

  // Image models: what the built-in local engine really runs (server/src/generation/providers).
  d({
    slug: 'local-procedural',
    kind: 'imageModel',
    i18nKey: 'localProcedural',
    icon: Shapes,
    tryIt: '/app/ai-image',
    status: 'available',
    examplesArePrompts: true,
    acceptsPrompt: true,
    examples: [{ id: 'sea' }, { id: 'night' }, { id: 'desert' }],
    faqCount: 3,
  }),
  d({
    slug: 'local-styles',
    kind: 'imageModel',
    i18nKey: 'localStyles',
    icon: Palette,
    tryIt: '/app/ai-image?mode=image',
    status: 'available',
    examplesArePrompts: true,
    acceptsPrompt: true,
    examples: [{ id: 'watercolor' }, { id: 'comic' }, { id: 'noir' }],
    faqCount: 3,
  }),

  // Video models: the AI video page's text and image forms. The built-in engine's clips are a
  // classical stand-in (camera moves, procedural scenes); hosted models (fal.ai, Replicate) make
  // generated motion when an operator configures them. The FAQs say which is which.
  d({
    slug: 'text-to-video',
    kind: 'videoModel',
    i18nKey: 'textToVideo',
    icon: Video,
    tryIt: '/app/ai-video?kind=text',
    status: 'available',
    examplesArePrompts: true,
    acceptsPrompt: false,
    examples: [{ id: 'lantern' }, { id: 'timelapse' }],
    faqCount: 2,
  }),
  d({
    slug: 'image-to-video',
    kind: 'videoModel',
    i18nKey: 'imageToVideo',
    icon: Sparkles,
    tryIt: '/app/ai-video?kind=image',
    status: 'available',
    examplesArePrompts: true,
    acceptsPrompt: false,
    examples: [{ id: 'portrait' }, { id: 'landscape' }],
    faqCount: 2,
  }),

  // Tool pages (§2: upscaler, background remover); slugs as in features/tools/toolDescriptors.ts.
  d({
    slug: 'upscaler',
    kind: 'tool',
    i18nKey: 'upscaler',
    icon: Maximize2,
    tryIt: '/app/ai-tools/upscaler',
    status: 'available',
    examplesArePrompts: false,
    acceptsPrompt: false,
    examples: [{ id: 'old' }, { id: 'print' }, { id: 'creations' }],
    faqCount: 3,
  }),
  d({
    slug: 'background-remover',
    kind: 'tool',
    i18nKey: 'backgroundRemover',
    icon: Scissors,
    tryIt: '/app/ai-tools/background-remover',
    status: 'available',
    examplesArePrompts: false,
    acceptsPrompt: false,
    examples: [{ id: 'product' }, { id: 'portrait' }, { id: 'sticker', to: '/app/ai-tools/background-changer' }],
    faqCount: 3,
  }),
] as const satisfies readonly LandingDescriptor[];

/** The descriptor of `slug` among pages of `kind`, or undefined (unknown slugs are a 404). */
export function findLanding(kind: LandingKind, slug: string | undefined): LandingDescriptor | undefined {
  return (LANDINGS as readonly LandingDescriptor[]).find((l) => l.kind === kind && l.slug === slug);
}

/** The area page of `slug`; the areas are fixed, so a missing one is a programming error. */
export function areaLanding(slug: string): LandingDescriptor {
  const found = findLanding('area', slug);
  if (!found) throw new Error(`no landing descriptor for area ${slug}`);
  return found;
}

/** The three "how it works" steps every landing page shows. */
export const STEP_IDS = ['step1', 'step2', 'step3'] as const;

/** Every `landing` key a descriptor's page reads (relative to the namespace root). */
export function landingKeys(l: LandingDescriptor): string[] {
  const base = `items.${l.i18nKey}`;
  const keys = ['meta.title', 'meta.description', 'badge', 'title', 'subtitle', 'cta', 'tryIt.title', 'tryIt.text'].map((k) => `${base}.${k}`);
  for (const step of STEP_IDS) keys.push(`${base}.steps.${step}.title`, `${base}.steps.${step}.text`);
  for (const { id } of l.examples) keys.push(`${base}.examples.${id}.title`, `${base}.examples.${id}.text`);
  for (let i = 1; i <= l.faqCount; i++) keys.push(`${base}.faq.${i}.q`, `${base}.faq.${i}.a`);
  return keys;
}

/** `path` with `?prompt=` (or `&prompt=`) set to `prompt`. */
export function withPrompt(path: string, prompt: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}prompt=${encodeURIComponent(prompt)}`;
}
