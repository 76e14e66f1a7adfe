import { addClip, type Clip, totalDuration, trimClip } from '@tessera/shared/timeline';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { commandEnabled, commandForKey, editorCommands } from './editorCommands.ts';
import { useEditorStore } from './editorStore.ts';
import { TimelineSession } from './TimelineSession.ts';
import { swapSource } from './useClipGeneration.ts';

const clip = (id: string, seconds: number): Clip => ({ id, type: 'clip', trackId: 'track-video', src: `/api/media/u/x/up-${id}.mp4`, mediaType: 'video', sourceDurationS: seconds, start: 0, in: 0, out: seconds, volume: 1 });

/** Two documents kept in sync like two tabs on the collaboration server. */
function twoTabs() {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(b, u, 'remote'));
  b.on('update', (u: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(a, u, 'remote'));
  return { a: new TimelineSession(a, { readOnly: false }), b: new TimelineSession(b, { readOnly: false }) };
}

const key = (k: string, mods: Partial<{ shiftKey: boolean; modKey: boolean }> = {}) => ({ key: k, code: '', shiftKey: false, altKey: false, modKey: false, repeat: false, ...mods });

afterEach(() => useEditorStore.getState().reset());

describe('the timeline on the shared document', () => {
  it("shows one tab's edits in the other and undoes only my own", () => {
    const { a, b } = twoTabs();
    expect(a.timeline.tracks.map((t) => t.kind).sort()).toEqual(['audio', 'overlay', 'video']);
    a.edit((t) => addClip(t, clip('x', 4)));
    b.edit((t) => addClip(t, clip('y', 3)));
    expect(a.timeline.clips.map((c) => c.id).sort()).toEqual(['x', 'y']);
    a.edit((t) => trimClip(t, 'x', { out: 2 }));
    expect(b.timeline.clips.find((c) => c.id === 'x')?.out).toBe(2);
    expect(totalDuration(b.timeline)).toBe(5);
    a.undo();
    expect(b.timeline.clips.find((c) => c.id === 'x')?.out).toBe(4);
    a.undo();
    // B's clip stays: A's history holds only A's edits.
    expect(b.timeline.clips.map((c) => c.id)).toEqual(['y']);
    a.redo();
    expect(b.timeline.clips.map((c) => c.id).sort()).toEqual(['x', 'y']);
  });

  it('lets a viewer change nothing', () => {
    const viewer = new TimelineSession(new Y.Doc(), { readOnly: true });
    viewer.edit((t) => addClip(t, clip('x', 4)));
    expect(viewer.timeline.clips).toEqual([]);
    const split = editorCommands(viewer).find((c) => c.id === 'split')!;
    expect(commandEnabled(split, true)).toBe(false);
  });
});

describe('editor commands', () => {
  it('split at the playhead, ripple delete, frame steps and undo, by their keys', () => {
    const { a } = twoTabs();
    const commands = editorCommands(a);
    const press = (k: string, mods?: Partial<{ shiftKey: boolean; modKey: boolean }>) => {
      const command = commandForKey(commands, key(k, mods));
      if (command && commandEnabled(command, false)) command.run();
    };
    a.edit((t) => addClip(addClip(t, clip('x', 4)), clip('y', 3)));
    useEditorStore.getState().seek(1.5);
    press('s');
    const afterSplit = a.timeline.clips.filter((c) => c.trackId === 'track-video').sort((p, q) => p.start - q.start);
    expect(afterSplit.map((c) => [c.start, c.in, c.out])).toEqual([
      [0, 0, 1.5],
      [1.5, 1.5, 4],
      [4, 0, 3],
    ]);
    useEditorStore.getState().select(afterSplit[0]!.id);
    press('Delete');
    expect(totalDuration(a.timeline)).toBe(5.5);
    press('z', { modKey: true });
    expect(totalDuration(a.timeline)).toBe(7);
    press('z', { modKey: true, shiftKey: true });
    expect(totalDuration(a.timeline)).toBe(5.5);

    useEditorStore.getState().seek(1);
    press('ArrowRight');
    expect(useEditorStore.getState().playhead).toBeCloseTo(1 + 1 / 24);
    press('ArrowLeft', { shiftKey: true });
    expect(useEditorStore.getState().playhead).toBeCloseTo(1 / 24);
    press('End');
    expect(useEditorStore.getState().playhead).toBe(5.5);
    press('Home');
    expect(useEditorStore.getState().playhead).toBe(0);
    press('+', { shiftKey: true });
    expect(useEditorStore.getState().pxPerS).toBe(75);
  });

  it('swaps a clip to its generated source in place', () => {
    const { a } = twoTabs();
    a.edit((t) => addClip(t, { ...clip('x', 4), out: 4 }));
    const extended = swapSource(a.timeline, 'x', 'extend', '/api/media/u/x/gen-long.mp4', 9);
    expect(extended.clips[0]).toMatchObject({ src: '/api/media/u/x/gen-long.mp4', sourceDurationS: 9, in: 0, out: 9 });
    const replaced = swapSource(a.timeline, 'x', 'replace', '/api/media/u/x/gen-new.mp4', 5);
    expect(replaced.clips[0]).toMatchObject({ in: 0, out: 5, mediaType: 'video' });
  });
});
