/**
 * An example request for every generation kind (openapi.test.ts checks each parses with the
 * kind's studio schema), and the curl and JavaScript samples built from it for the OpenAPI
 * document's `x-codeSamples` (the Redocly/Scalar extension: `lang`, `label`, `source`). A sample
 * uploads the files its request needs through POST /media, creates the task with an
 * Idempotency-Key and polls its statusUrl until it ends — the walk-through test runs them.
 */
import type { GenerationKind } from '@tessera/shared/generation';
import { kindSlug } from '@tessera/shared/api';

/** A file the sample uploads first; its media key replaces `placeholder` in the request. */
interface SampleFile {
  placeholder: string;
  variable: string;
  file: string;
}

const file = (variable: string, name: string): SampleFile => ({ placeholder: `u/YOUR_ACCOUNT/up-${name}`, variable, file: name });

export const SAMPLE_FILES = {
  photo: file('PHOTO', 'photo.jpg'),
  face: file('FACE', 'face.jpg'),
  mask: file('MASK', 'mask.png'),
  garment: file('GARMENT', 'garment.png'),
  product: file('PRODUCT', 'product.png'),
  clip: file('CLIP', 'clip.mp4'),
} satisfies Record<string, SampleFile>;

const { photo, face, mask, garment, product, clip } = SAMPLE_FILES;
const PHOTO = photo.placeholder;
const CLIP = clip.placeholder;

/** One realistic request per kind (no pro-only options, so any plan can run it). */
export const KIND_EXAMPLES: Record<GenerationKind, Record<string, unknown>> = {
  text_to_image: { prompt: 'A lighthouse on a cliff at dusk, soft watercolor', aspectRatio: '16:9' },
  image_to_image: { image: PHOTO, prompt: 'The same street in deep winter snow', style: 'watercolor', strength: 0.6 },
  upscale: { image: PHOTO, scale: 2, mode: 'quality' },
  uncrop: { image: PHOTO, aspectRatio: '16:9', zoomOut: 1.25 },
  object_remover: { image: PHOTO, mask: mask.placeholder },
  background_remover: { image: product.placeholder },
  background_changer: { image: product.placeholder, background: { type: 'gradient', from: '#0f2027', to: '#2c5364', angle: 90 } },
  face_swap: { image: PHOTO, face: face.placeholder },
  inpaint: { image: PHOTO, mask: mask.placeholder, prompt: 'A vase of red tulips on the table' },
  photo_effect: { templateId: 'polaroid', image: PHOTO },
  video_effect: { templateId: 'zoom-in', image: PHOTO },
  product_photo: { templateId: 'marble-podium', image: product.placeholder },
  model_fitting: { templateId: 'studio', image: PHOTO, garment: garment.placeholder },
  text_to_video: { prompt: 'A red fox trotting through fresh snow, slow pan', duration: 5, aspectRatio: '16:9', resolution: '480p' },
  text_to_video_v2: { prompt: 'Neon city streets at night in the rain', duration: 8, aspectRatio: '9:16', resolution: '720p' },
  image_to_video: { image: PHOTO, prompt: 'Wind in the hair, slow push in', duration: 5, resolution: '720p' },
  image_to_video_v2: { image: PHOTO, prompt: 'Leaves drifting past, gentle camera sway', duration: 8, resolution: '720p' },
  video_to_video: { video: CLIP, prompt: 'Hand-drawn pencil look', style: 'sketch' },
  anime_video: { video: CLIP, prompt: 'Bright anime colours, clean outlines' },
  video_upscale: { video: CLIP, target: '1080p' },
  video_subjects: { subjects: [PHOTO], prompt: 'She walks along a beach at sunset', duration: 5, aspectRatio: '9:16' },
  action_imitation: { image: PHOTO, video: CLIP },
  video_extend: { video: CLIP, prompt: 'The camera keeps rising over the rooftops', duration: 5 },
  ai_shorts: { topic: 'Three surprising facts about octopuses', duration: 15, captions: true, music: true },
  video_background_remover: { video: CLIP, background: { type: 'color', color: '#00b140' } },
  video_subtitles_remove: { video: CLIP, region: 'bottom' },
  sound_effects: { video: CLIP, prompt: 'Waves crashing and seagulls calling', volume: 0.8, keepOriginalAudio: true },
  lip_sync: { image: face.placeholder, text: 'Hello! Thanks for trying the Tessera API.', voice: 'female' },
  video_face_swap: { video: CLIP, face: face.placeholder },
  video_edit: {
    timeline: {
      tracks: [
        { id: 'video', type: 'track', kind: 'video' },
        { id: 'text', type: 'track', kind: 'overlay' },
        { id: 'audio', type: 'track', kind: 'audio' },
      ],
      clips: [{ id: 'intro', type: 'clip', trackId: 'video', src: CLIP, mediaType: 'video', start: 0, in: 0, out: 3 }],
      overlays: [{ id: 'title', type: 'overlay', trackId: 'text', text: 'Made with Tessera', start: 0, end: 2, position: 'bottom' }],
    },
    resolution: '720p',
    aspectRatio: '16:9',
  },
};

/** The sample files a request refers to, in a stable order. */
export function filesOf(input: unknown): SampleFile[] {
  const json = JSON.stringify(input);
  return Object.values(SAMPLE_FILES).filter((f) => json.includes(JSON.stringify(f.placeholder)));
}

/** `json` with each file's quoted placeholder replaced by `as(file)`. */
function substitute(json: string, files: SampleFile[], as: (f: SampleFile) => string): string {
  return files.reduce((text, f) => text.replaceAll(JSON.stringify(f.placeholder), as(f)), json);
}

/** Indented JSON as a JavaScript literal: plain keys lose their quotes. */
const jsLiteral = (json: string) => json.replace(/^(\s*)"([A-Za-z_$][\w$]*)":/gm, '$1$2:');

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A POSIX shell script with curl (and jq for the JSON): upload, create, poll. */
export function curlSample(apiBase: string, kind: GenerationKind, input: Record<string, unknown>): string {
  const files = filesOf(input);
  const json = JSON.stringify(input);
  const lines = ['# Your key from the API platform page: export TESSERA_API_KEY=tsk_...'];
  if (files.length) lines.push('# Upload the input files; their keys go in the request.');
  for (const f of files) lines.push(`${f.variable}=$(curl -sS -X POST "${apiBase}/media" -H "X-API-Key: $TESSERA_API_KEY" -F file=@${f.file} | jq -r .key)`);
  const body = files.length
    ? `"$(jq -n ${files.map((f) => `--arg ${f.variable} "$${f.variable}"`).join(' ')} ${shellQuote(substitute(json, files, (f) => `$${f.variable}`))})"`
    : shellQuote(json);
  lines.push(
    `TASK=$(curl -sS -X POST "${apiBase}/generations/${kindSlug(kind)}" \\`,
    '  -H "X-API-Key: $TESSERA_API_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    '  -H "Idempotency-Key: $(openssl rand -hex 16)" \\',
    `  -d ${body})`,
    'STATUS_URL=$(echo "$TASK" | jq -r .statusUrl)',
    '[ "$STATUS_URL" = null ] && { echo "$TASK" | jq .; exit 1; }',
    '# Poll until the task ends (or pass "callbackUrl" to be told by a webhook).',
    'while :; do',
    '  TASK=$(curl -sS "$STATUS_URL" -H "X-API-Key: $TESSERA_API_KEY")',
    '  case $(echo "$TASK" | jq -r .status) in queued|running) sleep 2 ;; *) break ;; esac',
    'done',
    'echo "$TASK" | jq .',
  );
  return lines.join('\n');
}

/** An ES module for Node 20+ (global fetch, FormData, Blob, crypto): upload, create, poll. */
export function javascriptSample(apiBase: string, kind: GenerationKind, input: Record<string, unknown>): string {
  const files = filesOf(input);
  const lines = [
    ...(files.length ? ["import { readFile } from 'node:fs/promises';", ''] : []),
    `const API = '${apiBase}';`,
    "const headers = { 'X-API-Key': process.env.TESSERA_API_KEY };",
    '',
  ];
  if (files.length) {
    lines.push(
      '/** Uploads a file; answers the media key that image and video fields take. */',
      'async function upload(path) {',
      '  const form = new FormData();',
      "  form.append('file', new Blob([await readFile(path)]), path);",
      "  const res = await fetch(`${API}/media`, { method: 'POST', headers, body: form });",
      '  const media = await res.json();',
      '  if (!res.ok) throw new Error(media.error.message);',
      '  return media.key;',
      '}',
      '',
      ...files.map((f) => `const ${f.variable} = await upload('${f.file}');`),
    );
  }
  lines.push(
    `const res = await fetch(\`\${API}/generations/${kindSlug(kind)}\`, {`,
    "  method: 'POST',",
    "  headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },",
    `  body: JSON.stringify(${jsLiteral(substitute(JSON.stringify(input, null, 2), files, (f) => f.variable)).replaceAll('\n', '\n  ')}),`,
    '});',
    'let task = await res.json();',
    'if (!res.ok) throw new Error(task.error.message);',
    '// Poll until the task ends (or pass callbackUrl to be told by a webhook).',
    'const { statusUrl } = task;',
    "while (task.status === 'queued' || task.status === 'running') {",
    '  await new Promise((resolve) => setTimeout(resolve, 2000));',
    '  task = await (await fetch(statusUrl, { headers })).json();',
    '}',
    'console.log(JSON.stringify(task, null, 2));',
  );
  return lines.join('\n');
}
