/**
 * The showcase's samples: one real result of the local engine per creation kind and tool, made by
 * `npm run samples` (scripts/make-samples.ts) and committed. The files are imported through Vite,
 * so they are served from /assets/ under content-hashed names and cached for a year.
 */
import manifest from './sampleManifest.json';

export type SampleId = keyof typeof manifest.samples;

export interface Sample {
  id: SampleId;
  /** The generation kind that made it. */
  kind: string;
  media: 'image' | 'video';
  /** The picture, or the clip (MP4). */
  url: string;
  /** A clip's still (WebP); a picture's own URL. */
  poster: string;
  /** The prompt it was made from (English, as typed); empty for a tool that takes none. */
  prompt: string;
  width: number;
  height: number;
}

// `no-inline`: a file under Vite's inline limit would become a data URL inside the page's JavaScript.
const FILES = import.meta.glob<string>('./samples/*', { eager: true, query: '?url&no-inline', import: 'default' });

function fileUrl(name: string): string {
  const url = FILES[`./samples/${name}`];
  if (!url) throw new Error(`sample file ${name} is missing: run npm run samples`);
  return url;
}

export function sample(id: SampleId): Sample {
  const entry: { kind: string; media: string; file: string; poster?: string; prompt: string; width: number; height: number } = manifest.samples[id];
  const url = fileUrl(entry.file);
  return {
    id,
    kind: entry.kind,
    media: entry.media === 'video' ? 'video' : 'image',
    url,
    poster: entry.poster ? fileUrl(entry.poster) : url,
    prompt: entry.prompt,
    width: entry.width,
    height: entry.height,
  };
}
