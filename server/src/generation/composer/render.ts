/**
 * Scene graph → PNG: a background for the setting, time of day and weather (tinted by the
 * prompt's colours), the subjects' Fluent Emoji art placed by a seeded layout — far ones small and
 * high, near ones large and low, none overlapping, each count honoured — and a light filter for
 * the style. Everything is one SVG rendered by sharp (librsvg), then filtered by sharp: the same
 * scene and seed give the same bytes.
 */
import sharp from 'sharp';
import { type Icon, iconByName } from './emojiIndex.ts';
import { hashText, prng } from './random.ts';
import type { SceneGraph, SceneSubject } from './scene.ts';

type Random = () => number;

const SKY: Record<SceneGraph['time'], [string, string, string]> = {
  dawn: ['#f9a8d4', '#fdba74', '#fef3c7'],
  day: ['#38bdf8', '#7dd3fc', '#e0f2fe'],
  sunset: ['#4c1d95', '#db2777', '#fb923c'],
  night: ['#020617', '#1e1b4b', '#3730a3'],
};

const GROUND: Record<SceneGraph['setting'], [string, string]> = {
  land: ['#86efac', '#15803d'],
  field: ['#bef264', '#4d7c0f'],
  forest: ['#4d7c0f', '#14532d'],
  sea: ['#38bdf8', '#0c4a6e'],
  desert: ['#fde68a', '#d97706'],
  snow: ['#f8fafc', '#cbd5e1'],
  mountain: ['#a3e635', '#3f6212'],
  city: ['#6b7280', '#1f2937'],
  room: ['#b45309', '#78350f'],
  sky: ['#bbf7d0', '#22c55e'],
  space: ['#000000', '#000000'],
};

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0')}`;
}

const f = (n: number) => Math.round(n * 10) / 10;

/** One icon as a nested SVG in the box, its ids made unique (a scene may hold the same icon many times). */
export function iconSvg(icon: Icon, box: { x: number; y: number; size: number }, uid: string, flip = false): string {
  const body = icon.body.replace(/id="([^"]+)"/g, `id="${uid}$1"`).replace(/url\(#([^)]+)\)/g, `url(#${uid}$1)`).replace(/href="#([^"]+)"/g, `href="#${uid}$1"`);
  const mirrored = flip !== icon.hFlip;
  const inner = mirrored ? `<g transform="translate(${icon.width} 0) scale(-1 1)">${body}</g>` : body;
  return `<svg x="${f(box.x)}" y="${f(box.y)}" width="${f(box.size)}" height="${f(box.size)}" viewBox="0 0 ${icon.width} ${icon.height}">${inner}</svg>`;
}

interface Placed {
  subject: SceneSubject;
  icon: Icon;
  x: number;
  y: number;
  size: number;
  flip: boolean;
}

/** Where the land (or water) meets the sky, as a share of the height. */
function horizonOf(scene: SceneGraph, r: Random): number {
  if (scene.setting === 'space') return 1;
  if (scene.setting === 'sky') return 0.84;
  if (scene.setting === 'room') return 0.64;
  return 0.5 + r() * 0.08;
}

/** Seeded, non-overlapping boxes for every instance of every subject. */
export function layout(scene: SceneGraph, width: number, height: number, horizon: number, r: Random): Placed[] {
  const total = scene.subjects.reduce((n, s) => n + s.count, 0);
  const base = Math.min(width, height) * (total <= 1 ? 0.5 : total === 2 ? 0.38 : total === 3 ? 0.32 : total <= 5 ? 0.26 : 0.2);
  const placed: Placed[] = [];
  const overlaps = (x: number, y: number, size: number) =>
    placed.some((p) => x < p.x + p.size * 0.92 && p.x < x + size * 0.92 && y < p.y + p.size * 0.92 && p.y < y + size * 0.92);
  for (const [si, subject] of scene.subjects.entries()) {
    const icon = iconByName(subject.icon);
    if (!icon) continue;
    for (let k = 0; k < subject.count; k++) {
      let scale = si === 0 ? 1 : 0.85;
      let spot: { x: number; y: number; size: number } | undefined;
      for (let round = 0; round < 5 && !spot; round++, scale *= 0.85) {
        for (let attempt = 0; attempt < 60 && !spot; attempt++) {
          let size: number;
          let y: number;
          if (scene.setting === 'space' || subject.placement === 'sky') {
            size = base * scale * (subject.placement === 'sky' && scene.setting !== 'space' ? 0.6 : 0.9);
            const bottom = scene.setting === 'space' ? height - size : Math.max(size * 0.2, horizon - size * 1.1);
            y = height * 0.04 + r() * Math.max(1, bottom - height * 0.04);
          } else {
            // Depth 0 sits on the horizon, 1 at the bottom edge: nearer is larger.
            const depth = r();
            size = base * scale * (0.7 + 0.45 * depth);
            const baseline = horizon + (height - horizon) * (0.12 + 0.83 * depth);
            y = Math.min(height - size * 0.98, baseline - size);
          }
          const x = r() * Math.max(1, width - size);
          if (!overlaps(x, y, size) || round === 4) spot = { x, y, size };
        }
      }
      placed.push({ subject, icon, ...spot!, flip: r() < 0.35 });
    }
  }
  // Far (higher) first, so near subjects are drawn over them; sky things first of all.
  return placed.sort((a, b) => Number(b.subject.placement === 'sky') - Number(a.subject.placement === 'sky') || a.y + a.size - (b.y + b.size));
}

function background(scene: SceneGraph, width: number, height: number, horizon: number, r: Random): string {
  const accent = scene.palette[0];
  const rainy = scene.weather.includes('rain') || scene.weather.includes('fog');
  let [s0, s1, s2] = SKY[scene.time];
  if (rainy) [s0, s1, s2] = [mix(s0, '#64748b', 0.6), mix(s1, '#94a3b8', 0.6), mix(s2, '#cbd5e1', 0.5)];
  if (accent) s1 = mix(s1, accent, 0.35);
  let [g0, g1] = GROUND[scene.setting];
  if (scene.weather.includes('snow') && scene.setting !== 'sea') [g0, g1] = [mix(g0, '#f8fafc', 0.8), mix(g1, '#e2e8f0', 0.75)];
  if (accent && scene.setting !== 'sea') [g0, g1] = [mix(g0, accent, 0.3), mix(g1, accent, 0.2)];
  const dark = scene.time === 'night' ? 0.55 : scene.time === 'sunset' ? 0.25 : 0;
  const min = Math.min(width, height);
  const out: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s0}"/><stop offset=".6" stop-color="${s1}"/><stop offset="1" stop-color="${s2}"/></linearGradient>`,
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${g0}"/><stop offset="1" stop-color="${g1}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
  ];
  const skyBottom = scene.setting === 'room' ? height * 0.5 : horizon;
  // Stars at night (and in space), a sun or moon unless the prompt drew its own.
  if (scene.time === 'night' || scene.setting === 'space') {
    for (let i = 0; i < 160; i++) out.push(`<circle cx="${f(r() * width)}" cy="${f(r() * skyBottom)}" r="${f(0.4 + r() * 1.6)}" fill="#fff" opacity="${f(0.3 + r() * 0.7)}"/>`);
  }
  const ownSky = scene.subjects.some((s) => /moon|sun/.test(s.icon));
  if (!ownSky && scene.setting !== 'room' && !rainy) {
    const cx = width * (0.15 + r() * 0.7);
    if (scene.time === 'night') out.push(`<circle cx="${f(cx)}" cy="${f(skyBottom * 0.25)}" r="${f(min * 0.06)}" fill="#f1f5f9"/><circle cx="${f(cx + min * 0.03)}" cy="${f(skyBottom * 0.22)}" r="${f(min * 0.055)}" fill="${s0}"/>`);
    else if (scene.time === 'day') out.push(`<circle cx="${f(cx)}" cy="${f(skyBottom * 0.22)}" r="${f(min * 0.07)}" fill="#fde047" opacity=".95"/>`);
    else out.push(`<circle cx="${f(cx)}" cy="${f(horizon - min * 0.02)}" r="${f(min * 0.13)}" fill="${scene.time === 'dawn' ? '#fde68a' : '#fb923c'}" opacity=".95"/>`);
  }
  if (scene.time === 'day' && !rainy && scene.setting !== 'space' && scene.setting !== 'room') {
    for (let i = 0; i < 4; i++) out.push(`<ellipse cx="${f(r() * width)}" cy="${f(r() * skyBottom * 0.6)}" rx="${f(width * (0.07 + r() * 0.08))}" ry="${f(min * (0.025 + r() * 0.02))}" fill="#fff" opacity=".8"/>`);
  }
  if (scene.setting === 'space') {
    out.push(`<circle cx="${f(width * (0.1 + r() * 0.8))}" cy="${f(height * (0.15 + r() * 0.7))}" r="${f(min * (0.08 + r() * 0.08))}" fill="${accent ?? '#a855f7'}" opacity=".85"/>`);
    return out.join('');
  }
  const far = (name: string, n: number, sizeShare: number, spread: number) => {
    const icon = iconByName(name);
    if (!icon) return;
    for (let i = 0; i < n; i++) {
      const size = min * sizeShare * (0.6 + r() * 0.8);
      out.push(iconSvg(icon, { x: r() * width - size / 2, y: horizon - size * 0.85 + r() * spread * (height - horizon), size }, `bg${name}${i}`));
    }
  };
  switch (scene.setting) {
    case 'mountain':
    case 'snow': {
      let d = `M0 ${f(horizon)}`;
      for (let x = 0; x <= width; x += width / 5) d += ` L${f(x + width / 10)} ${f(horizon - min * (0.15 + r() * 0.2))} L${f(x + width / 5)} ${f(horizon - min * 0.03)}`;
      out.push(`<path d="${d} V${height} H0Z" fill="${scene.setting === 'snow' ? '#cbd5e1' : '#64748b'}"/>`);
      break;
    }
    case 'city': {
      let x = -r() * 20;
      while (x < width) {
        const bw = width * (0.06 + r() * 0.08);
        const bh = height * (0.15 + r() * 0.35);
        out.push(`<rect x="${f(x)}" y="${f(horizon - bh)}" width="${f(bw)}" height="${f(bh + 2)}" fill="${mix('#334155', s0, 0.25)}"/>`);
        for (let wy = horizon - bh + 8; wy < horizon - 8; wy += 16) {
          for (let wx = x + 5; wx < x + bw - 8; wx += 11) if (r() > 0.5) out.push(`<rect x="${f(wx)}" y="${f(wy)}" width="5" height="7" fill="${scene.time === 'night' ? '#fde047' : '#bae6fd'}" opacity=".85"/>`);
        }
        x += bw + 2;
      }
      break;
    }
    default:
  }
  if (scene.setting === 'room') {
    // A wall with a window onto the sky, and a wooden floor.
    const wall = accent ? mix('#fef3c7', accent, 0.45) : '#fde68a';
    const wx = width * (0.15 + r() * 0.45);
    const ww = width * 0.3;
    out.push(
      `<rect width="${width}" height="${f(horizon)}" fill="${wall}"/>`,
      `<rect x="${f(wx)}" y="${f(height * 0.1)}" width="${f(ww)}" height="${f(height * 0.3)}" fill="url(#sky)" stroke="#f8fafc" stroke-width="${f(min * 0.015)}"/>`,
      `<line x1="${f(wx + ww / 2)}" y1="${f(height * 0.1)}" x2="${f(wx + ww / 2)}" y2="${f(height * 0.4)}" stroke="#f8fafc" stroke-width="${f(min * 0.01)}"/>`,
    );
    if (scene.time === 'sunset' || scene.time === 'dawn') out.push(`<circle cx="${f(wx + ww * 0.7)}" cy="${f(height * 0.36)}" r="${f(min * 0.05)}" fill="#fb923c"/>`);
  }
  out.push(`<rect y="${f(horizon)}" width="${width}" height="${f(height - horizon)}" fill="url(#ground)"/>`);
  if (scene.setting === 'room') for (let x = 0; x < width; x += width / 8) out.push(`<line x1="${f(x)}" y1="${f(horizon)}" x2="${f(x - width * 0.1)}" y2="${height}" stroke="#451a03" stroke-opacity=".25"/>`);
  if (scene.setting === 'sea') {
    for (let i = 0; i < 9; i++) {
      const y = horizon + (height - horizon) * (0.08 + i * 0.11);
      out.push(`<path d="M0 ${f(y)} Q ${f(width * 0.25)} ${f(y - 6 - r() * 6)} ${f(width * 0.5)} ${f(y)} T ${width} ${f(y)}" stroke="#e0f2fe" stroke-opacity=".45" stroke-width="${f(min * 0.006)}" fill="none"/>`);
    }
  }
  if (scene.setting === 'desert') {
    for (let i = 0; i < 3; i++) {
      const y = horizon + (height - horizon) * (0.2 + i * 0.28);
      out.push(`<path d="M0 ${f(y)} Q ${f(width * (0.2 + r() * 0.3))} ${f(y - min * 0.08)} ${f(width * 0.6)} ${f(y)} T ${width} ${f(y)} V${height} H0Z" fill="${mix(g0, g1, 0.3 + i * 0.25)}" opacity=".6"/>`);
    }
    far('cactus', 2, 0.08, 0.1);
  }
  if (scene.setting === 'forest') far(r() < 0.5 ? 'evergreen-tree' : 'deciduous-tree', 12, 0.16, 0.05);
  if (scene.setting === 'forest') far('evergreen-tree', 6, 0.2, 0.1);
  if (scene.setting === 'field' || scene.setting === 'land') far('blossom', 7, 0.04, 0.8);
  if (dark > 0) out.push(`<rect y="${f(scene.setting === 'room' ? 0 : horizon)}" width="${width}" height="${f(height)}" fill="#0b1026" opacity="${dark * (scene.setting === 'room' ? 0.6 : 1)}"/>`);
  return out.join('');
}

function weatherLayer(scene: SceneGraph, width: number, height: number, r: Random): string {
  const out: string[] = [];
  const min = Math.min(width, height);
  if (scene.weather.includes('rain')) {
    for (let i = 0; i < 140; i++) {
      const x = r() * width * 1.1;
      const y = r() * height;
      const len = min * (0.03 + r() * 0.04);
      out.push(`<line x1="${f(x)}" y1="${f(y)}" x2="${f(x - len * 0.25)}" y2="${f(y + len)}" stroke="#e2e8f0" stroke-opacity="${f(0.35 + r() * 0.4)}" stroke-width="${f(min * 0.003 + 0.5)}"/>`);
    }
  }
  if (scene.weather.includes('snow')) for (let i = 0; i < 150; i++) out.push(`<circle cx="${f(r() * width)}" cy="${f(r() * height)}" r="${f(min * (0.002 + r() * 0.006))}" fill="#fff" opacity="${f(0.6 + r() * 0.4)}"/>`);
  if (scene.weather.includes('fog')) {
    for (let i = 0; i < 4; i++) out.push(`<rect y="${f(height * (0.25 + i * 0.18))}" width="${width}" height="${f(height * 0.16)}" fill="#f1f5f9" opacity=".35" filter="url(#fog)"/>`);
  }
  return out.join('');
}

/** SVG filters per style, applied to the whole scene (and, for comics, an ink outline per subject). */
function styleDefs(scene: SceneGraph, min: number, seed: number): { defs: string; scene?: string; subject?: string } {
  const turbulence = (freq: number, scale: number) =>
    `<filter id="style"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="${seed % 1000}"/><feDisplacementMap in="SourceGraphic" scale="${f(scale)}" xChannelSelector="R" yChannelSelector="G"/></filter>`;
  switch (scene.style) {
    case 'watercolor':
      return { defs: turbulence(0.025, min / 60), scene: 'url(#style)' };
    case 'oil':
      return { defs: turbulence(0.06, min / 110), scene: 'url(#style)' };
    case 'comic':
      return {
        defs: `<filter id="ink"><feMorphology in="SourceAlpha" operator="dilate" radius="${f(Math.max(1.5, min / 170))}" result="fat"/><feFlood flood-color="#111"/><feComposite in2="fat" operator="in"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
        subject: 'url(#ink)',
      };
    default:
      return { defs: '' };
  }
}

/** The sharp steps of a style after the SVG is drawn. */
async function finish(png: Buffer, scene: SceneGraph, width: number, height: number): Promise<Buffer> {
  // The scene is opaque: drop the alpha channel, so filters below act on colour only.
  let img = sharp(png).flatten({ background: '#ffffff' });
  switch (scene.style) {
    case 'watercolor':
      img = img.blur(1.2).modulate({ saturation: 0.8, brightness: 1.06 });
      break;
    case 'oil':
      img = img.median(5).modulate({ saturation: 1.25 });
      break;
    case 'comic':
      img = img.modulate({ saturation: 1.4 }).sharpen();
      break;
    case 'vivid':
      img = img.modulate({ saturation: 1.5, brightness: 1.04 });
      break;
    case 'noir':
      img = img.greyscale().linear(1.35, -35);
      break;
    case 'sketch': {
      // Pencil: the grey picture colour-dodged by its own blurred negative keeps edges as strokes
      // and turns flat areas to paper white.
      const grey = await img.greyscale().toColourspace('b-w').toBuffer();
      const dodge = await sharp(grey).negate().blur(Math.max(1, Math.min(width, height) / 120)).toBuffer();
      img = sharp(grey).composite([{ input: dodge, blend: 'colour-dodge' }]).linear(1.6, -150);
      break;
    }
    case 'pixel': {
      const block = Math.max(4, Math.round(Math.min(width, height) / 80));
      const small = await img.resize(Math.max(1, Math.round(width / block)), Math.max(1, Math.round(height / block)), { kernel: 'nearest' }).toBuffer();
      img = sharp(small).resize(width, height, { kernel: 'nearest', fit: 'fill' });
      break;
    }
    default:
  }
  return img.png({ compressionLevel: 6 }).toBuffer();
}

/** The scene's SVG (exported for the gallery and tests), and its subjects' boxes. */
/**
 * How far each subject has moved at key frame `frame` (0: where the layout put it): a third of its
 * size per frame the way it faces (Fluent's animals and vehicles face left unless mirrored), so a
 * video's key frames show the same scene a moment apart rather than two different scenes.
 */
function moved(placed: Placed[], frame: number, width: number): Placed[] {
  if (!frame) return placed;
  return placed.map((p) => ({ ...p, x: Math.max(-p.size * 0.3, Math.min(width - p.size * 0.7, p.x + (p.flip ? 1 : -1) * p.size * 0.35 * frame)) }));
}

export function sceneSvg(scene: SceneGraph, seed: number, width: number, height: number, frame = 0): { svg: string; placed: Placed[] } {
  const r = prng(hashText(`${scene.setting}|${scene.time}|${scene.subjects.map((s) => `${s.icon}×${s.count}`).join(',')}`) ^ seed);
  // Its own generator, so the background and the layout agree on the horizon.
  const horizon = horizonOf(scene, prng(seed ^ 0x9e3779b9)) * height;
  const min = Math.min(width, height);
  const placed = moved(layout(scene, width, height, horizon, prng(seed ^ 0x85ebca6b)), frame, width);
  const style = styleDefs(scene, min, seed >>> 0);
  const subjects = placed
    .map((p, i) => {
      const shadow =
        p.subject.placement === 'sky' || scene.setting === 'space'
          ? ''
          : `<ellipse cx="${f(p.x + p.size / 2)}" cy="${f(p.y + p.size * 0.96)}" rx="${f(p.size * 0.36)}" ry="${f(p.size * 0.06)}" fill="${scene.setting === 'sea' && p.subject.placement === 'water' ? '#e0f2fe' : '#000'}" opacity="${scene.setting === 'sea' ? 0.3 : 0.22}"/>`;
      const art = iconSvg(p.icon, p, `s${i}`, p.flip);
      return `${shadow}${style.subject ? `<g filter="${style.subject}">${art}</g>` : art}`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${style.defs}<filter id="fog"><feGaussianBlur stdDeviation="${f(min / 40)}"/></filter></defs><g${style.scene ? ` filter="${style.scene}"` : ''}>${background(scene, width, height, horizon, r)}${subjects}${weatherLayer(scene, width, height, r)}</g></svg>`;
  return { svg, placed };
}

/** Renders the scene as PNG at exactly `width`×`height`. */
export async function renderScene(scene: SceneGraph, p: { seed: number; width: number; height: number; frame?: number }): Promise<Buffer> {
  const { svg } = sceneSvg(scene, p.seed, p.width, p.height, p.frame);
  const png = await sharp(Buffer.from(svg), { density: 72 }).resize(p.width, p.height, { fit: 'fill' }).png({ compressionLevel: 1 }).toBuffer();
  return finish(png, scene, p.width, p.height);
}

/** One subject's art, transparent around it, as PNG fitted (centred, aspect kept) into `width`×`height`. */
export async function subjectPng(subject: Pick<SceneSubject, 'icon'>, width: number, height: number): Promise<Buffer | undefined> {
  const icon = iconByName(subject.icon);
  if (!icon) return undefined;
  const size = Math.min(width, height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${iconSvg(icon, { x: (width - size) / 2, y: (height - size) / 2, size }, 'i')}</svg>`;
  return sharp(Buffer.from(svg), { density: 72 }).resize(width, height, { fit: 'fill' }).png().toBuffer();
}
