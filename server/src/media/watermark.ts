/**
 * The Tessera watermark (§6): the mark and name in the bottom-right corner, scaled to the
 * picture, semi-transparent. The mark is drawn with shapes so it shows even where no fonts are
 * installed; the name uses a generic sans-serif font when one is present. Images get it here;
 * videos get the same overlay through ffmpeg (media/derivatives.ts).
 */
import sharp from 'sharp';

/** The overlay for a `width`×`height` picture: an SVG and where its top-left corner goes. */
export function watermarkOverlay(width: number, height: number): { svg: Buffer; left: number; top: number } {
  const unit = Math.max(12, Math.round(Math.min(width, height) / 24));
  const boxW = unit * 7;
  const boxH = unit * 2;
  const margin = Math.round(unit / 2);
  const tile = unit * 0.6;
  const gap = unit * 0.15;
  const tiles = [0, 1, 2, 3]
    .map((i) => {
      const x = unit * 0.35 + (i % 2) * (tile + gap);
      const y = unit * 0.35 + Math.floor(i / 2) * (tile + gap);
      return `<rect x="${x}" y="${y}" width="${tile}" height="${tile}" rx="${tile / 5}" fill="#ffffff" fill-opacity="${0.95 - i * 0.15}"/>`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${boxW}" height="${boxH}">
    <rect width="${boxW}" height="${boxH}" rx="${unit / 2}" fill="#0b0b12" fill-opacity="0.45"/>
    ${tiles}
    <text x="${unit * 2}" y="${unit * 1.33}" font-family="sans-serif" font-weight="700" font-size="${unit}" fill="#ffffff" fill-opacity="0.9">Tessera</text>
  </svg>`;
  return { svg: Buffer.from(svg), left: Math.max(0, width - boxW - margin), top: Math.max(0, height - boxH - margin) };
}

export async function watermarkImage(image: Buffer): Promise<{ data: Buffer; contentType: string }> {
  const source = sharp(image, { limitInputPixels: 64_000_000 });
  const { width = 0, height = 0, format } = await source.metadata();
  if (!width || !height) throw new Error('watermark: unreadable image');
  const { svg, left, top } = watermarkOverlay(width, height);
  const marked = source.composite([{ input: svg, left, top }]);
  if (format === 'jpeg') return { data: await marked.jpeg({ quality: 92 }).toBuffer(), contentType: 'image/jpeg' };
  if (format === 'webp') return { data: await marked.webp({ quality: 92 }).toBuffer(), contentType: 'image/webp' };
  return { data: await marked.png().toBuffer(), contentType: 'image/png' };
}
