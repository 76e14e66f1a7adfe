/**
 * Every creation kind and tool of the spec (§1: 13 kinds, 11 tools; a tool that works on pictures
 * and on videos is one entry per form), each with the one form it opens and the one name it has
 * everywhere: `common:nav.<id>` is shown by the home page, the header's Create menu and the mobile
 * menu, and equals the title of the tab or page it opens (`titleKey`; creationCatalog.test.ts checks
 * every language). Each has a sample made by the local engine (sampleManifest.json).
 */
import type { SampleId } from './samples.ts';

export type CreationGroup = 'video' | 'image' | 'tools';

export interface CreationEntry {
  /** Its name is `nav.<id>` (common), its sample `SAMPLES[id]`. */
  id: SampleId;
  group: CreationGroup;
  /** The form (a tab of a form page is selected by its query). */
  path: string;
  /** The title the opened form shows, `namespace:key`: the entry's name must read the same. */
  titleKey?: string;
}

const e = (id: SampleId, group: CreationGroup, path: string, titleKey?: string): CreationEntry => ({ id, group, path, ...(titleKey ? { titleKey } : {}) });

export const CREATION_ENTRIES: readonly CreationEntry[] = [
  e('textToVideo', 'video', '/app/ai-video', 'videoForms:kinds.text.title'),
  e('imageToVideo', 'video', '/app/ai-video?kind=image', 'videoForms:kinds.image.title'),
  e('videoToVideo', 'video', '/app/ai-video?kind=video', 'videoForms:kinds.video.title'),
  e('consistentCharacter', 'video', '/app/ai-video?kind=subjects', 'videoForms:kinds.subjects.title'),
  e('mimicMotion', 'video', '/app/ai-video?kind=motion', 'videoForms:kinds.motion.title'),
  e('anime', 'video', '/app/ai-video?kind=anime', 'videoForms:kinds.anime.title'),
  e('aiAvatar', 'video', '/app/ai-avatar', 'videoForms:pages.aiAvatar.title'),
  e('aiShorts', 'video', '/app/ai-shorts', 'videoForms:pages.aiShorts.title'),
  e('videoEffects', 'video', '/video-effects', 'landing:effects.kinds.video.title'),
  e('proEffects', 'video', '/app/pro-effects', 'landing:effects.kinds.pro.title'),
  e('videoEditor', 'video', '/app/video-editor'),
  e('textToImage', 'image', '/app/ai-image', 'aiImage:modes.text'),
  e('imageToImage', 'image', '/app/ai-image?mode=image', 'aiImage:modes.image'),
  e('photoEffects', 'image', '/photo-effects', 'landing:effects.kinds.photo.title'),
  e('productPhoto', 'image', '/app/product-photo', 'effects:productPhoto.title'),
  e('modelFitting', 'image', '/app/model-fitting', 'effects:modelFitting.title'),
  e('upscaler', 'tools', '/app/ai-tools/upscaler', 'aiTools:tools.upscaler.title'),
  e('videoUpscaler', 'tools', '/app/ai-tools/video-upscaler', 'videoForms:tools.video-upscaler.title'),
  e('lipSync', 'tools', '/app/ai-tools/lip-sync', 'videoForms:tools.lip-sync.title'),
  e('faceSwap', 'tools', '/app/ai-tools/face-swap', 'aiTools:tools.face-swap.title'),
  e('videoFaceSwap', 'tools', '/app/ai-tools/video-face-swap', 'videoForms:tools.video-face-swap.title'),
  e('backgroundRemover', 'tools', '/app/ai-tools/background-remover', 'aiTools:tools.background-remover.title'),
  e('backgroundChanger', 'tools', '/app/ai-tools/background-changer', 'aiTools:tools.background-changer.title'),
  e('videoBackgroundRemover', 'tools', '/app/ai-tools/video-background-remover', 'videoForms:tools.video-background-remover.title'),
  e('subtitleRemover', 'tools', '/app/ai-tools/subtitle-remover', 'videoForms:tools.subtitle-remover.title'),
  e('objectRemover', 'tools', '/app/ai-tools/object-remover', 'aiTools:tools.object-remover.title'),
  e('uncrop', 'tools', '/app/ai-tools/uncrop', 'aiTools:tools.uncrop.title'),
  e('inpaint', 'tools', '/app/ai-tools/inpaint', 'aiTools:tools.inpaint.title'),
  e('soundEffects', 'tools', '/app/ai-tools/sound-effects', 'videoForms:tools.sound-effects.title'),
  e('videoExtender', 'tools', '/app/ai-tools/video-extender', 'videoForms:tools.video-extender.title'),
];

export function creationEntry(id: SampleId): CreationEntry {
  const entry = CREATION_ENTRIES.find((item) => item.id === id);
  if (!entry) throw new Error(`no creation entry ${id}`);
  return entry;
}

/** The home page's creation kinds: the spec's 13, in its order (their text is `home:kinds.<id>.text`). */
export const HOME_KINDS: readonly SampleId[] = [
  'textToVideo',
  'imageToVideo',
  'videoToVideo',
  'textToImage',
  'imageToImage',
  'aiAvatar',
  'mimicMotion',
  'aiShorts',
  'videoEffects',
  'photoEffects',
  'consistentCharacter',
  'anime',
  'videoEditor',
];

/** The home page's tools: the spec's 11, each form of a tool its own chip. */
export const HOME_TOOLS: readonly SampleId[] = [
  'upscaler',
  'videoUpscaler',
  'lipSync',
  'faceSwap',
  'videoFaceSwap',
  'backgroundRemover',
  'backgroundChanger',
  'videoBackgroundRemover',
  'subtitleRemover',
  'objectRemover',
  'uncrop',
  'inpaint',
  'productPhoto',
  'soundEffects',
  'videoExtender',
];

/** The sample a video form (its `VideoFormSpec.id`) shows before its first result. */
export const FORM_SAMPLES: Readonly<Record<string, SampleId>> = {
  text: 'textToVideo',
  image: 'imageToVideo',
  video: 'videoToVideo',
  subjects: 'consistentCharacter',
  motion: 'mimicMotion',
  anime: 'anime',
  extend: 'videoExtender',
  avatar: 'aiAvatar',
  shorts: 'aiShorts',
  'video-upscaler': 'videoUpscaler',
  'video-background-remover': 'videoBackgroundRemover',
  'subtitle-remover': 'subtitleRemover',
  'sound-effects': 'soundEffects',
  'lip-sync': 'lipSync',
  'video-face-swap': 'videoFaceSwap',
  'video-extender': 'videoExtender',
  upscaler: 'upscaler',
  'face-swap': 'faceSwap',
  'background-remover': 'backgroundRemover',
  'background-changer': 'backgroundChanger',
  'object-remover': 'objectRemover',
  uncrop: 'uncrop',
  inpaint: 'inpaint',
};
