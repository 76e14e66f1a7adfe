import { addClip, type Clip, emptyTimeline } from '@tessera/shared/timeline';
import { describe, expect, it } from 'vitest';
import { clampZoom, clipTitle, dropIndex, formatTime, hitTest, MAX_PX_PER_S, MIN_PX_PER_S, pxToTime, rulerStep, rulerTicks, snapTolerance, timeToPx, zoomStep } from './timelineMath.ts';

const clip = (id: string, seconds: number): Clip => ({ id, type: 'clip', trackId: 'track-video', src: `/api/media/u/x/up-${id}.mp4`, mediaType: 'video', sourceDurationS: seconds, start: 0, in: 0, out: seconds, volume: 1 });

describe('pixels and seconds', () => {
  it('convert both ways at a zoom and never give negative time', () => {
    expect(timeToPx(2.5, 60)).toBe(150);
    expect(pxToTime(150, 60)).toBe(2.5);
    expect(pxToTime(-20, 60)).toBe(0);
    expect(pxToTime(timeToPx(7.25, 37), 37)).toBeCloseTo(7.25, 9);
  });

  it('zooms by steps within the limits, and the snap distance stays 8 px on screen', () => {
    expect(zoomStep(60, 1)).toBe(75);
    expect(zoomStep(75, -1)).toBe(60);
    expect(clampZoom(10_000)).toBe(MAX_PX_PER_S);
    expect(clampZoom(0.1)).toBe(MIN_PX_PER_S);
    expect(snapTolerance(80) * 80).toBeCloseTo(8);
  });

  it('spaces ruler labels at least 64 px apart', () => {
    for (const z of [4, 20, 60, 200, 480]) expect(rulerStep(z) * z).toBeGreaterThanOrEqual(64);
    expect(rulerStep(60)).toBe(2);
    expect(rulerTicks(60, 7)).toEqual([0, 2, 4, 6]);
  });

  it('reads times as m:ss.cc', () => {
    expect(formatTime(0)).toBe('0:00.00');
    expect(formatTime(65.5)).toBe('1:05.50');
    expect(formatTime(3, false)).toBe('0:03');
  });
});

describe('hit testing', () => {
  const spans = [
    { id: 'a', start: 0, end: 3 },
    { id: 'b', start: 3, end: 5 },
  ];
  it('finds the trim handles at both ends and the body between', () => {
    expect(hitTest(spans, 2, 60)).toEqual({ id: 'a', zone: 'trim-in' });
    expect(hitTest(spans, 90, 60)).toEqual({ id: 'a', zone: 'body' });
    expect(hitTest(spans, 176, 60)).toEqual({ id: 'a', zone: 'trim-out' });
    // Where two clips touch, the later one (drawn on top) gets the press.
    expect(hitTest(spans, 180, 60)).toEqual({ id: 'b', zone: 'trim-in' });
    expect(hitTest(spans, 400, 60)).toBeNull();
  });

  it('keeps a tiny block grabbable in the middle', () => {
    expect(hitTest([{ id: 'c', start: 1, end: 1.2 }], 66, 60)).toEqual({ id: 'c', zone: 'body' });
  });
});

describe('reordering', () => {
  it('drops a dragged clip before the first clip whose middle is later', () => {
    const t = addClip(addClip(addClip(emptyTimeline(), clip('a', 3)), clip('b', 3)), clip('c', 3));
    expect(dropIndex(t, 'a', 5)).toBe(1); // past b's middle (4.5), before c's (7.5)
    expect(dropIndex(t, 'c', 0.5)).toBe(0);
    expect(dropIndex(t, 'a', 20)).toBe(2);
  });

  it('names a clip by its name, else by its kind and start, never by its media key', () => {
    const t = (key: string, o?: Record<string, unknown>) => (key === 'clip.unnamed' ? `${String(o?.kind)} at ${String(o?.time)}` : key.replace('clip.kinds.', ''));
    expect(clipTitle({ ...clip('a', 3), name: '  a lighthouse at dusk ' }, t)).toBe('a lighthouse at dusk');
    expect(clipTitle({ ...clip('a', 3), start: 63.4 }, t)).toBe('video at 1:03');
    expect(clipTitle({ ...clip('b', 3), mediaType: 'image', name: '' }, t)).toBe('image at 0:00');
  });
});
