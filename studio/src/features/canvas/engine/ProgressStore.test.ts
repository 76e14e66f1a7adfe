import { afterEach, describe, expect, it } from 'vitest';
import { failPlaceholder, resolvePlaceholder } from '@tessera/shared/canvas';
import { TestCanvas } from './testing/TestCanvas.ts';

let canvas: TestCanvas;
afterEach(() => canvas?.dispose());

describe('placeholder progress', () => {
  it('holds live progress per placeholder, independent of rendering, and drops it once the node has its result', () => {
    canvas = new TestCanvas();
    canvas.createNodes({ type: 'placeholder', id: 'p1' }, { type: 'placeholder', id: 'p2' });
    const progress = canvas.manager.progress;
    let notified = 0;
    progress.subscribe(() => notified++);
    progress.set('p1', { progress: 40, stage: 'denoising', by: { id: 'ub', name: 'Bob' } });
    progress.set('p2', { progress: 140, stage: 'encoding' });
    expect(progress.get('p1')).toEqual({ progress: 40, stage: 'denoising', by: { id: 'ub', name: 'Bob' } });
    expect(progress.get('p2')?.progress).toBe(100);
    // The same report twice does not re-render.
    progress.set('p1', { progress: 40, stage: 'denoising', by: { id: 'ub', name: 'Bob' } });
    expect(notified).toBe(2);

    resolvePlaceholder(canvas.doc, 'p1', { mediaType: 'image', src: '/api/media/r.png', finishedAt: '2024-01-01T00:00:00Z' });
    expect(progress.get('p1')).toBeUndefined();
    failPlaceholder(canvas.doc, 'p2', { code: 'GENERATION_FAILED', message: 'Failed' });
    expect(progress.get('p2')).toBeUndefined();
  });

  it('progress for a node not synced yet waits for it', () => {
    canvas = new TestCanvas();
    canvas.manager.progress.set('later', { progress: 10, stage: 'queued' });
    canvas.createNodes({ type: 'placeholder', id: 'later' });
    expect(canvas.manager.progress.get('later')?.progress).toBe(10);
  });
});
