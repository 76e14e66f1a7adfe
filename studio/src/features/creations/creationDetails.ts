/**
 * What the details dialog of a creation lists under its media: the settings a person chose,
 * as translation keys and human values, never the raw task input. A field not listed here
 * (ids, storage keys, a timeline, a project, a probed source, a video reference) is not shown.
 */
import { GENERATION_KINDS, type GenerationKind } from '@tessera/shared/generation';
import { findModel } from '@tessera/shared/generation/models';
import { totalDuration, zTimeline } from '@tessera/shared/timeline';

/** A value as the dialog renders it: plain text, a translated phrase, an input image or a colour. */
export type DetailValue =
  | { text: string }
  | { key: string; values?: Record<string, unknown>; fallback?: string }
  | { image: string }
  | { color: string };

export interface CreationDetail {
  /** The field, for test ids and React keys. */
  field: string;
  /** The label's translation key, with its namespace. */
  label: string;
  value: DetailValue;
}

type Params = Record<string, unknown>;

const str = (v: unknown): v is string => typeof v === 'string' && v.trim().length > 0;
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isMediaUrl = (v: unknown): v is string => typeof v === 'string' && v.startsWith('/api/media/');
const isHex = (v: unknown): v is string => typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v);

/** The label of a field: the video forms' for video kinds, the image tools' otherwise, ours for the rest. */
function labelOf(field: string, video: boolean): string {
  const videoLabels = ['duration', 'aspectRatio', 'resolution', 'mode', 'style', 'seed', 'model', 'target', 'region', 'voice', 'volume', 'keepOriginalAudio', 'captions', 'music', 'topic', 'text'];
  const imageLabels = ['image', 'mask', 'face', 'scale', 'mode', 'aspectRatio', 'zoomOut', 'background', 'style', 'strength', 'seed', 'negativePrompt', 'backgroundImage'];
  if (video && videoLabels.includes(field)) return `videoForms:fields.${field}`;
  if (!video && imageLabels.includes(field)) return `aiTools:fields.${field}`;
  if (videoLabels.includes(field)) return `videoForms:fields.${field}`;
  if (imageLabels.includes(field)) return `aiTools:fields.${field}`;
  return `creations:details.${field}`;
}

/** An option's label in the namespace of the form that offered it, the raw value when it has none. */
const option = (video: boolean, name: string, value: string | number): DetailValue => ({
  key: video ? `videoForms:options.${name}.${value}` : `aiTools:options.${name}.${value}`,
  fallback: String(value),
});

const yesNo = (v: boolean): DetailValue => ({ key: v ? 'creations:details.yes' : 'creations:details.no' });

/** The details of one creation, in a stable order; the prompt is shown on its own and left out. */
export function creationDetails(kind: GenerationKind, params: Params): CreationDetail[] {
  const video = GENERATION_KINDS[kind].output === 'video';
  const out: CreationDetail[] = [];
  const add = (field: string, value: DetailValue, label = labelOf(field, video)) => out.push({ field, label, value });

  const template = params.template as { name?: unknown } | undefined;
  if (template && str(template.name)) add('template', { text: template.name });
  if (str(params.model)) {
    const model = findModel(params.model);
    // A model the catalogue no longer knows is shown by nothing rather than by its id.
    if (model) add('model', { text: model.name });
  }
  for (const field of ['topic', 'text', 'negativePrompt'] as const) if (str(params[field])) add(field, { text: params[field] });
  if (num(params.duration)) add('duration', { key: 'videoForms:options.seconds', values: { count: params.duration } });
  if (str(params.aspectRatio)) add('aspectRatio', { text: params.aspectRatio });
  if (str(params.resolution)) add('resolution', { text: params.resolution });
  for (const field of ['mode', 'style', 'target', 'region', 'voice'] as const) {
    const v = params[field];
    if (str(v) && !(field === 'style' && v === 'auto')) add(field, option(video, field, v));
  }
  if (num(params.scale)) add('scale', option(false, 'scale', params.scale));
  if (num(params.zoomOut)) add('zoomOut', { text: `${params.zoomOut}×` });
  for (const field of ['strength', 'volume'] as const) {
    const v = params[field];
    if (num(v)) add(field, { text: `${Math.round(v * 100)}%` });
  }
  for (const field of ['captions', 'music', 'keepOriginalAudio'] as const) {
    const v = params[field];
    if (typeof v === 'boolean') add(field, yesNo(v));
  }
  const background = params.background as { type?: unknown; color?: unknown; from?: unknown; to?: unknown; image?: unknown } | undefined;
  if (background?.type === 'color' && isHex(background.color)) add('background', { color: background.color });
  else if (background?.type === 'gradient' && isHex(background.from) && isHex(background.to)) add('background', { text: `${background.from} → ${background.to}` });
  else if (background?.type === 'image' && isMediaUrl(background.image)) add('backgroundImage', { image: background.image });
  if (kind === 'video_edit') {
    const timeline = zTimeline.safeParse(params.timeline);
    if (timeline.success) {
      add('clips', { key: 'creations:details.clipCount', values: { count: timeline.data.clips.length } });
      add('duration', { key: 'videoForms:options.seconds', values: { count: Math.round(totalDuration(timeline.data) * 10) / 10 } });
    }
  }
  if (num(params.seed)) add('seed', { text: String(params.seed) });
  // Input images last, as thumbnails (they are images; a video input is not shown twice).
  for (const field of ['image', 'face', 'garment', 'mask'] as const) if (isMediaUrl(params[field])) add(field, { image: params[field] });
  const subjects = Array.isArray(params.subjects) ? params.subjects.filter(isMediaUrl) : [];
  subjects.forEach((url, i) => add(`subjects.${i}`, { image: url }, 'creations:details.subject'));
  return out;
}
