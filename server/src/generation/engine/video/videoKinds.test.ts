import { describe, expect, it } from 'vitest';
import { cameraMoveFor, framesFor, VIDEO_FPS, videoStyleFor } from './videoKinds.ts';

describe('video kinds on the local engine', () => {
  it('picks the camera move the prompt asks for, pushing in by default', () => {
    expect(cameraMoveFor('a lighthouse at dusk')).toBe('zoom-in');
    expect(cameraMoveFor('Pull back to reveal the valley')).toBe('zoom-out');
    expect(cameraMoveFor('slow pan left across the market')).toBe('pan-left');
    expect(cameraMoveFor('camera pans right over the city')).toBe('pan-right');
    expect(cameraMoveFor('drone flying through a canyon')).toBe('parallax');
    expect(cameraMoveFor('tilt up to the sky')).toBe('tilt-up');
  });

  it('styles a video as asked, or as its prompt says for auto', () => {
    expect(videoStyleFor('sketch', 'neon lights')).toBe('sketch');
    expect(videoStyleFor('auto', 'film noir detective')).toBe('noir');
    expect(videoStyleFor('auto', 'a cyberpunk street')).toBe('neon');
    expect(videoStyleFor('auto', 'my holiday')).toBe('cinematic');
  });

  it('renders whole frames, so a clip lasts exactly its frames at VIDEO_FPS', () => {
    // 120 and 144 frames at the product's 24 fps
    expect(framesFor(5)).toBe(5 * VIDEO_FPS);
    expect(framesFor(6.02)).toBe(6 * VIDEO_FPS);
    expect(framesFor(0.001)).toBe(1);
  });
});
