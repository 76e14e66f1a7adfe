/**
 * Text-to-image on the local engine. No image-generation model can be installed offline, so
 * this composes a procedural picture *from* the prompt: the scene composer (../composer) reads
 * its subjects, counts, colours, setting, time of day, weather and style in any of the studio's
 * 19 languages and draws the named things (Fluent Emoji art) into a matching scene. A prompt that
 * names nothing the composer knows ("calm", "blue and gold") still gets an abstract picture whose
 * palette and shapes come from its words. Same prompt + seed → same image. The studio labels
 * these results as made by the local engine.
 */
import sharp from 'sharp';
import { hashText, prng } from '../composer/random.ts';
import { renderScene } from '../composer/render.ts';
import { parsePrompt } from '../composer/scene.ts';

export { hashText, prng };

const COLOUR_WORDS: Record<string, string> = {
  red: '#e11d48', crimson: '#be123c', orange: '#f97316', amber: '#f59e0b', gold: '#eab308', yellow: '#facc15',
  green: '#22c55e', emerald: '#10b981', teal: '#14b8a6', cyan: '#06b6d4', blue: '#3b82f6', navy: '#1e3a8a',
  indigo: '#6366f1', violet: '#8b5cf6', purple: '#a855f7', pink: '#ec4899', magenta: '#d946ef', white: '#f8fafc',
  black: '#0f172a', grey: '#64748b', gray: '#64748b', brown: '#92400e', silver: '#cbd5e1',
};

const MOODS: Record<string, string[]> = {
  sunset: ['#f97316', '#db2777', '#7c3aed'],
  night: ['#0f172a', '#1e1b4b', '#312e81'],
  forest: ['#14532d', '#166534', '#65a30d'],
  ocean: ['#0c4a6e', '#0369a1', '#22d3ee'],
  sea: ['#0c4a6e', '#0369a1', '#22d3ee'],
  desert: ['#fbbf24', '#d97706', '#92400e'],
  snow: ['#e2e8f0', '#bae6fd', '#f8fafc'],
  city: ['#1f2937', '#4b5563', '#f59e0b'],
  space: ['#020617', '#312e81', '#a855f7'],
  fire: ['#7f1d1d', '#ea580c', '#fde047'],
  spring: ['#86efac', '#f9a8d4', '#fde68a'],
};

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(h) % 360} ${Math.round(s)}% ${Math.round(l)}%)`;
}

export interface SceneSpec {
  palette: string[];
  scene: 'sky' | 'sea' | 'forest' | 'city' | 'space' | 'abstract';
  shapes: number;
}

/** What the prompt asks for, as far as words can tell. Exported for tests. */
export function readPrompt(prompt: string, random: () => number): SceneSpec {
  const words: string[] = prompt.toLowerCase().match(/\p{L}+/gu) ?? [];
  const palette: string[] = [];
  for (const w of words) {
    const mood = MOODS[w];
    if (mood) palette.push(...mood);
    const colour = COLOUR_WORDS[w];
    if (colour) palette.push(colour);
  }
  while (palette.length < 3) palette.push(hsl(random() * 360, 55 + random() * 30, 35 + random() * 30));
  const has = (...list: string[]) => list.some((w) => words.includes(w));
  const scene = has('space', 'galaxy', 'stars', 'planet', 'cosmos')
    ? 'space'
    : has('sea', 'ocean', 'beach', 'waves', 'lake', 'river')
      ? 'sea'
      : has('forest', 'tree', 'trees', 'jungle', 'woods', 'mountain', 'mountains')
        ? 'forest'
        : has('city', 'street', 'skyline', 'building', 'buildings', 'town')
          ? 'city'
          : has('sky', 'sunset', 'sunrise', 'clouds', 'sun', 'moon')
            ? 'sky'
            : 'abstract';
  return { palette: palette.slice(0, 6), scene, shapes: 6 + Math.min(18, words.length) };
}

function sceneLayer(spec: SceneSpec, w: number, h: number, r: () => number): string {
  const [a, b, c] = spec.palette as [string, string, string];
  switch (spec.scene) {
    case 'space':
      return Array.from({ length: 220 }, () => `<circle cx="${r() * w}" cy="${r() * h}" r="${r() * 2.2}" fill="#fff" opacity="${0.3 + r() * 0.7}"/>`).join('')
        + `<circle cx="${w * (0.25 + r() * 0.5)}" cy="${h * (0.3 + r() * 0.4)}" r="${Math.min(w, h) * (0.12 + r() * 0.1)}" fill="${c}"/>`;
    case 'sea': {
      let waves = '';
      for (let i = 0; i < 7; i++) {
        const y = h * (0.55 + i * 0.065);
        waves += `<path d="M0 ${y} Q ${w * 0.25} ${y - 25 - r() * 20} ${w * 0.5} ${y} T ${w} ${y} V ${h} H 0 Z" fill="${[a, b, c][i % 3]}" opacity="0.55"/>`;
      }
      return `<circle cx="${w * (0.2 + r() * 0.6)}" cy="${h * 0.35}" r="${Math.min(w, h) * 0.09}" fill="#fde68a" opacity="0.9"/>${waves}`;
    }
    case 'forest': {
      let trees = '';
      for (let i = 0; i < 40; i++) {
        const x = r() * w;
        const base = h * (0.7 + r() * 0.3);
        const th = h * (0.18 + r() * 0.25);
        trees += `<path d="M${x} ${base - th} L${x - th * 0.28} ${base} L${x + th * 0.28} ${base} Z" fill="${[a, b, c][i % 3]}" opacity="${0.6 + r() * 0.4}"/>`;
      }
      return `<path d="M0 ${h * 0.6} L${w * 0.3} ${h * 0.3} L${w * 0.55} ${h * 0.55} L${w * 0.8} ${h * 0.25} L${w} ${h * 0.5} V${h} H0Z" fill="${c}" opacity="0.5"/>${trees}`;
    }
    case 'city': {
      let blocks = '';
      let x = 0;
      while (x < w) {
        const bw = w * (0.04 + r() * 0.07);
        const bh = h * (0.2 + r() * 0.55);
        blocks += `<rect x="${x}" y="${h - bh}" width="${bw}" height="${bh}" fill="${[a, b][Math.floor(r() * 2)]}" opacity="0.9"/>`;
        for (let wy = h - bh + 10; wy < h - 10; wy += 22) {
          if (r() > 0.55) blocks += `<rect x="${x + 5}" y="${wy}" width="${Math.max(2, bw - 10)}" height="6" fill="${c}" opacity="0.8"/>`;
        }
        x += bw + 3;
      }
      return blocks;
    }
    case 'sky':
      return `<circle cx="${w * (0.2 + r() * 0.6)}" cy="${h * (0.25 + r() * 0.3)}" r="${Math.min(w, h) * 0.12}" fill="#fef3c7" opacity="0.95"/>`
        + Array.from({ length: 9 }, () => `<ellipse cx="${r() * w}" cy="${r() * h * 0.6}" rx="${w * (0.08 + r() * 0.12)}" ry="${h * (0.02 + r() * 0.04)}" fill="#fff" opacity="${0.25 + r() * 0.4}"/>`).join('');
    default:
      return '';
  }
}

function svgFor(prompt: string, seed: number, width: number, height: number): string {
  const random = prng(hashText(prompt) ^ seed);
  const spec = readPrompt(prompt, random);
  const [a, b, c] = spec.palette as [string, string, string];
  const angle = Math.round(random() * 360);
  let shapes = '';
  for (let i = 0; i < spec.shapes; i++) {
    const colour = spec.palette[i % spec.palette.length];
    const x = random() * width;
    const y = random() * height;
    const size = Math.min(width, height) * (0.04 + random() * 0.18);
    const opacity = (0.12 + random() * 0.35).toFixed(2);
    shapes +=
      random() > 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${colour}" opacity="${opacity}" filter="url(#soft)"/>`
        : `<rect x="${x}" y="${y}" width="${size * 1.6}" height="${size}" rx="${size * 0.2}" transform="rotate(${Math.round(random() * 90)} ${x} ${y})" fill="${colour}" opacity="${opacity}" filter="url(#soft)"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${a}"/><stop offset=".55" stop-color="${b}"/><stop offset="1" stop-color="${c}"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="${Math.round(Math.min(width, height) / 120)}"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  ${shapes}
  ${sceneLayer(spec, width, height, random)}
</svg>`;
}

/**
 * Renders the prompt's picture as PNG at exactly `width`×`height`. `frame` (videos' key frames):
 * the same scene with its subjects moved on by that many steps; an abstract picture has no
 * subjects to move, so each frame is drawn from its own seed.
 */
export async function renderProceduralImage(p: { prompt: string; seed: number; width: number; height: number; frame?: number }): Promise<Buffer> {
  const scene = parsePrompt(p.prompt);
  if (!scene.empty) return renderScene(scene, { seed: p.seed, width: p.width, height: p.height, frame: p.frame });
  const svg = svgFor(p.prompt, p.seed + (p.frame ?? 0), p.width, p.height);
  return sharp(Buffer.from(svg), { density: 72 }).resize(p.width, p.height, { fit: 'fill' }).png({ compressionLevel: 6 }).toBuffer();
}
