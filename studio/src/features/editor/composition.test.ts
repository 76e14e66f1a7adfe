import { addClip, type Clip, emptyTimeline, type Overlay, type Timeline } from '@tessera/shared/timeline';
import { describe, expect, it } from 'vitest';
import { audioLayersAt, clipsToPreload, overlaysAt, videoLayersAt } from './composition.ts';

const clip = (id: string, seconds: number, extra: Partial<Clip> = {}): Clip => ({
  id, type: 'clip', trackId: 'track-video', src: `/api/media/u/x/${id}.mp4`, mediaType: 'video', sourceDurationS: seconds, start: 0, in: 0, out: seconds, volume: 1, ...extra,
});

const twoClips = (second: Partial<Clip> = {}): Timeline => addClip(addClip(emptyTimeline(), clip('a', 3, { in: 1, out: 3 })), clip('b', 4, second));

describe('which clip plays at t', () => {
  it('plays clips back to back, each from its in-point', () => {
    const t = twoClips();
    expect(videoLayersAt(t, 0.5).map((l) => [l.clip.id, l.sourceTime, l.opacity])).toEqual([['a', 1.5, 1]]);
    // At the cut the next clip has taken over.
    expect(videoLayersAt(t, 2).map((l) => [l.clip.id, l.sourceTime])).toEqual([['b', 0]]);
    expect(videoLayersAt(t, 5.9)[0]?.clip.id).toBe('b');
    expect(videoLayersAt(t, 6)).toEqual([]);
  });

  it('lays the incoming clip of a crossfade over the outgoing one, fading in as the sound crosses', () => {
    const t = twoClips({ transition: { kind: 'crossfade', duration: 1 } });
    // a: 0–2, b starts at 1 (overlap 1 s).
    const mid = videoLayersAt(t, 1.5);
    expect(mid.map((l) => l.clip.id)).toEqual(['a', 'b']);
    expect(mid[1]?.opacity).toBeCloseTo(0.5);
    expect(mid[1]?.sourceTime).toBeCloseTo(0.5);
    expect(mid[0]?.gain).toBeCloseTo(0.5);
    expect(mid[1]?.gain).toBeCloseTo(0.5);
  });

  it('brings a faded clip in from black', () => {
    const t = twoClips({ transition: { kind: 'fade', duration: 1 } });
    expect(videoLayersAt(t, 2.25)[0]?.opacity).toBeCloseTo(0.25);
    expect(videoLayersAt(t, 3.5)[0]?.opacity).toBe(1);
  });

  it('scales sound by the clip and track volume, and a muted track is silent', () => {
    const t = twoClips({ volume: 0.5 });
    const loud = { ...t, tracks: t.tracks.map((tr) => (tr.kind === 'video' ? { ...tr, volume: 1.5 } : tr)) };
    expect(videoLayersAt(loud, 3)[0]?.gain).toBeCloseTo(0.75);
    const muted = { ...t, tracks: t.tracks.map((tr) => (tr.kind === 'video' ? { ...tr, muted: true } : tr)) };
    expect(videoLayersAt(muted, 3)[0]?.gain).toBe(0);
  });

  it('plays audio-track clips where they were put', () => {
    const t = addClip(emptyTimeline(), clip('m', 10, { trackId: 'track-audio', mediaType: 'audio', start: 2, in: 1, out: 4, volume: 0.8 }));
    expect(audioLayersAt(t, 1)).toEqual([]);
    const [layer] = audioLayersAt(t, 3);
    expect(layer?.sourceTime).toBe(2);
    expect(layer?.gain).toBeCloseTo(0.8);
    expect(audioLayersAt(t, 5)).toEqual([]);
  });

  it('warms up the clip about to start', () => {
    expect([...clipsToPreload(twoClips(), 0.5)].sort()).toEqual(['a', 'b']);
    expect([...clipsToPreload(twoClips(), 0.5, 1)]).toEqual(['a']);
  });
});

describe('text overlays', () => {
  it('show from their start to their end, both included', () => {
    const overlay: Overlay = { id: 'o', type: 'overlay', trackId: 'track-overlay', text: 'Hi', start: 1, end: 2, position: 'bottom', size: 48, colour: '#ffffff' };
    const t = { ...emptyTimeline(), overlays: [overlay] };
    expect(overlaysAt(t, 0.9)).toEqual([]);
    expect(overlaysAt(t, 1)).toEqual([overlay]);
    expect(overlaysAt(t, 2)).toEqual([overlay]);
    expect(overlaysAt(t, 2.01)).toEqual([]);
  });
});
