import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  addClip,
  type Clip,
  clipEnd,
  emptyTimeline,
  MAX_TIMELINE_CLIPS,
  moveClip,
  moveFree,
  rippleDelete,
  snap,
  snapTargets,
  splitAt,
  type Timeline,
  totalDuration,
  trimClip,
  videoClips,
  zTimelineSnapshot,
} from './timeline.ts';
import { applyTimeline, ensureTracks, readTimeline } from './timelineDoc.ts';

const video = (id: string, seconds: number, extra: Partial<Clip> = {}): Clip => ({
  id,
  type: 'clip',
  trackId: 'track-video',
  src: `/api/media/u/me/${id}.mp4`,
  mediaType: 'video',
  sourceDurationS: seconds,
  start: 0,
  in: 0,
  out: seconds,
  volume: 1,
  ...extra,
});
const audio = (id: string, start: number, seconds: number): Clip => ({ ...video(id, seconds), trackId: 'track-audio', mediaType: 'audio', start });

/** A, B, C of 3, 4 and 5 seconds back to back. */
function abc(): Timeline {
  let t = emptyTimeline();
  for (const [id, s] of [['a', 3], ['b', 4], ['c', 5]] as const) t = addClip(t, video(id, s));
  return t;
}
const layout = (t: Timeline) => videoClips(t).map((c) => [c.id, c.start, c.in, c.out]);

describe('timeline edits', () => {
  it('adding clips lays the video track back to back, or inserts at an index and ripples', () => {
    const t = abc();
    expect(layout(t)).toEqual([['a', 0, 0, 3], ['b', 3, 0, 4], ['c', 7, 0, 5]]);
    expect(totalDuration(t)).toBe(12);
    const inserted = addClip(t, video('d', 2), 1);
    expect(layout(inserted).map(([id, start]) => [id, start])).toEqual([['a', 0], ['d', 3], ['b', 5], ['c', 9]]);
  });

  it('a crossfade overlaps the previous clip; a fade does not', () => {
    let t = addClip(emptyTimeline(), video('a', 3));
    t = addClip(t, video('b', 4, { transition: { kind: 'crossfade', duration: 1 } }));
    expect(totalDuration(t)).toBe(6);
    t = addClip(t, video('c', 2, { transition: { kind: 'fade', duration: 0.5 } }));
    expect(videoClips(t).map((c) => c.start)).toEqual([0, 2, 6]);
  });

  it('trims within the source and never below the minimum length, rippling the clips after it', () => {
    const t = abc();
    const shorter = trimClip(t, 'a', { out: 2 });
    expect(layout(shorter)).toEqual([['a', 0, 0, 2], ['b', 2, 0, 4], ['c', 6, 0, 5]]);
    expect(layout(trimClip(t, 'b', { out: 99 }))[1]).toEqual(['b', 3, 0, 4]);
    expect(layout(trimClip(t, 'b', { in: -5 }))[1]).toEqual(['b', 3, 0, 4]);
    expect(layout(trimClip(t, 'b', { in: 3.99 }))[1]).toEqual(['b', 3, 3.9, 4]);
    expect(layout(trimClip(t, 'b', { out: 0 }))[1]).toEqual(['b', 3, 0, 0.1]);
  });

  it('trimming the head of an audio clip keeps its tail in place', () => {
    const t = addClip(emptyTimeline(), audio('m', 2, 10));
    const [m] = trimClip(t, 'm', { in: 4 }).clips;
    expect(m).toMatchObject({ start: 6, in: 4, out: 10 });
  });

  it('splits the clip under the playhead into two that play the same frames', () => {
    const t = abc();
    const split = splitAt(t, 'track-video', 4.5, 'b2');
    expect(layout(split)).toEqual([['a', 0, 0, 3], ['b', 3, 0, 1.5], ['b2', 4.5, 1.5, 4], ['c', 7, 0, 5]]);
    expect(totalDuration(split)).toBe(12);
    // Too close to an edge: nothing to split.
    expect(splitAt(t, 'track-video', 3.05, 'x')).toBe(t);
  });

  it('ripple delete closes the gap on the video track and on free tracks', () => {
    expect(layout(rippleDelete(abc(), 'b'))).toEqual([['a', 0, 0, 3], ['c', 3, 0, 5]]);
    let t = addClip(emptyTimeline(), audio('m1', 0, 2));
    t = addClip(t, audio('m2', 5, 2));
    expect(rippleDelete(t, 'm1').clips).toMatchObject([{ id: 'm2', start: 3 }]);
  });

  it('reorders by moving a clip; the others shift', () => {
    expect(layout(moveClip(abc(), 'c', 0)).map(([id, start]) => [id, start])).toEqual([['c', 0], ['a', 5], ['b', 8]]);
    expect(layout(moveClip(abc(), 'a', 99)).map(([id]) => id)).toEqual(['b', 'c', 'a']);
  });

  it('snaps to clip edges and the playhead within the tolerance only', () => {
    const t = abc();
    const targets = snapTargets(t, 5.2, 'b');
    expect(snap(3.1, targets, 0.15)).toBe(3);
    expect(snap(5.3, targets, 0.15)).toBe(5.2);
    expect(snap(5.6, targets, 0.15)).toBe(5.6);
    expect(snap(6.95, targets)).toBe(7);
    // Free items move where they are dropped, never before 0.
    const music = addClip(t, audio('m', 1, 2));
    expect(moveFree(music, 'm', -3).clips.find((c) => c.id === 'm')?.start).toBe(0);
  });
});

describe('export snapshot', () => {
  it('accepts a two-clip timeline and refuses oversize, empty or out-of-source timelines', () => {
    const ok = addClip(addClip(emptyTimeline(), video('a', 3)), video('b', 4, { transition: { kind: 'crossfade', duration: 0.5 } }));
    expect(zTimelineSnapshot.safeParse(ok).success).toBe(true);
    expect(zTimelineSnapshot.safeParse(emptyTimeline()).success).toBe(false);
    const beyond = { ...ok, clips: ok.clips.map((c) => ({ ...c, out: 9 })) };
    expect(zTimelineSnapshot.safeParse(beyond).success).toBe(false);
    let many = emptyTimeline();
    for (let i = 0; i <= MAX_TIMELINE_CLIPS; i++) many = addClip(many, video(`c${i}`, 1));
    expect(zTimelineSnapshot.safeParse(many).success).toBe(false);
    const long = addClip(emptyTimeline(), { ...video('img', 601), mediaType: 'image', sourceDurationS: undefined });
    expect(zTimelineSnapshot.safeParse(long).success).toBe(false);
  });
});

describe('timeline in the Yjs document', () => {
  it('round-trips and merges two people editing different clips', () => {
    const a = new Y.Doc();
    ensureTracks(a);
    applyTimeline(a, abc());
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(readTimeline(b).clips).toHaveLength(3);
    // Concurrent edits: A trims clip a's out point, B changes clip c's volume.
    applyTimeline(a, { ...readTimeline(a), clips: readTimeline(a).clips.map((c) => (c.id === 'a' ? { ...c, out: 2 } : c)) });
    applyTimeline(b, { ...readTimeline(b), clips: readTimeline(b).clips.map((c) => (c.id === 'c' ? { ...c, volume: 0.5 } : c)) });
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    for (const doc of [a, b]) {
      const clips = readTimeline(doc).clips;
      expect(clips.find((c) => c.id === 'a')?.out).toBe(2);
      expect(clips.find((c) => c.id === 'c')?.volume).toBe(0.5);
    }
    applyTimeline(a, rippleDelete(readTimeline(a), 'b'));
    expect(readTimeline(a).clips.map((c) => c.id).sort()).toEqual(['a', 'c']);
    expect(clipEnd(readTimeline(a).clips.find((c) => c.id === 'c') as Clip)).toBe(7);
  });
});
