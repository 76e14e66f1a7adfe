import { describe, expect, it } from 'vitest';
import { LOD_WIDTHS, resolveImageUrl } from './imageLod.ts';

const SRC = '/api/media/u/user_1/gen-abc.png';

describe('resolveImageUrl (image level of detail)', () => {
  it('loads a thumbnail from the optimisation endpoint when an image is drawn small', () => {
    expect(resolveImageUrl(SRC, 120)).toBe('/api/media/optimize?key=u%2Fuser_1%2Fgen-abc.png&w=640');
    expect(resolveImageUrl(SRC, 900)).toBe('/api/media/optimize?key=u%2Fuser_1%2Fgen-abc.png&w=1080');
  });

  it('uses the full image when drawn larger than the biggest thumbnail', () => {
    expect(resolveImageUrl(SRC, 1500)).toBe(SRC);
  });

  it('counts device pixels (capped at 2×) so thumbnails stay sharp on dense screens', () => {
    expect(resolveImageUrl(SRC, 500, 2)).toContain('&w=1080');
    expect(resolveImageUrl(SRC, 500, 3)).toContain('&w=1080');
    expect(resolveImageUrl(SRC, 600, 2)).toBe(SRC);
  });

  it('asks only for widths the endpoint serves', () => {
    for (const w of [1, 50, 300, 640, 641, 1000, 1080]) {
      const url = resolveImageUrl(SRC, w);
      const width = Number(new URL(url, 'http://x').searchParams.get('w'));
      expect(LOD_WIDTHS).toContain(width);
    }
  });

  it('leaves other URLs, videos and invalid keys untouched', () => {
    expect(resolveImageUrl('https://cdn.example.com/a.png', 50)).toBe('https://cdn.example.com/a.png');
    expect(resolveImageUrl('/brand/logo.png', 50)).toBe('/brand/logo.png');
    expect(resolveImageUrl('/api/media/u/user_1/clip.mp4', 50)).toBe('/api/media/u/user_1/clip.mp4');
    expect(resolveImageUrl('/api/media/../etc/passwd', 50)).toBe('/api/media/../etc/passwd');
    expect(resolveImageUrl('data:image/png;base64,AAAA', 50)).toBe('data:image/png;base64,AAAA');
  });
});
