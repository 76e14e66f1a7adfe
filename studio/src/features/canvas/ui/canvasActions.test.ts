import { writeNode, type CanvasNode } from '@tessera/shared/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestCanvas } from '../engine/testing/TestCanvas.ts';
import { restorePreviousVersion, settingsActionFor } from './InspectorPanel.tsx';
import { placeUploaded, refuseFile } from './MediaDrop.tsx';
import { downloadName, imageInputOf } from './nodeMedia.ts';
import { fitZoom, showNode } from './showNode.ts';
import { whenNodeAppears } from './useCanvasGenerate.ts';

const lineage = (versions: unknown[]) => ({
  taskId: 't2',
  kind: 'upscale',
  params: { scale: 2 },
  cost: 3,
  parentNodeId: null,
  requestedBy: { id: 'u1', name: 'Ada' },
  createdAt: '2024-01-01T00:00:00.000Z',
  versions,
});

let canvas: TestCanvas;
afterEach(() => canvas?.manager.dispose());

describe('restore previous version (inspector)', () => {
  it('brings back the last earlier result, pops it, and is one undo step', () => {
    canvas = new TestCanvas();
    const old = { mediaType: 'image', src: '/api/media/u/a/old.png', width: 1000, height: 500, taskId: 't1', createdAt: '2024-01-01T00:00:00.000Z' };
    const [node] = canvas.createNodes({ type: 'image', src: '/api/media/u/a/new.png', x: 0, y: 0, width: 400, height: 400, generation: lineage([old]) });
    const current = canvas.manager.store.get(node!.id)!;
    restorePreviousVersion(canvas.manager, current, (current as Extract<CanvasNode, { type: 'image' }>).generation!);
    const restored = canvas.manager.store.get(node!.id) as Extract<CanvasNode, { type: 'image' }>;
    expect(restored.src).toBe('/api/media/u/a/old.png');
    // The height follows the old result's shape at the node's width.
    expect(restored.height).toBe(200);
    expect(restored.generation?.versions).toEqual([]);
    canvas.manager.history.undo();
    const undone = canvas.manager.store.get(node!.id) as Extract<CanvasNode, { type: 'image' }>;
    expect(undone.src).toBe('/api/media/u/a/new.png');
    expect(undone.generation?.versions).toHaveLength(1);
  });
});

describe('showNode (take me there)', () => {
  it('selects the node and centres it, zooming out only if it does not fit', () => {
    canvas = new TestCanvas({ size: { width: 1000, height: 800 } });
    const [node] = canvas.createNodes({ type: 'image', x: 5000, y: 3000, width: 200, height: 100 });
    expect(showNode(canvas.manager, node!.id)).toBe(true);
    const { viewport, selection } = canvas.manager;
    expect(selection.ids).toEqual([node!.id]);
    const centre = viewport.screenToCanvas({ x: 500, y: 400 });
    expect(centre.x).toBeCloseTo(5100);
    expect(centre.y).toBeCloseTo(3050);
    expect(viewport.camera.zoom).toBe(1);
    expect(showNode(canvas.manager, 'missing')).toBe(false);
  });

  it('computes a zoom that fits big nodes and never zooms in', () => {
    expect(fitZoom({ width: 1000, height: 800 }, { width: 200, height: 100 }, 1)).toBe(1);
    expect(fitZoom({ width: 1000, height: 800 }, { width: 4000, height: 1000 }, 1)).toBeCloseTo((1000 - 192) / 4000);
  });
});

describe('whenNodeAppears (parenting a frame prompt’s placeholder)', () => {
  it('resolves when the server’s node reaches the document', async () => {
    canvas = new TestCanvas();
    const waiting = whenNodeAppears(canvas.manager, 'n-server', 1000);
    writeNode(canvas.doc, { id: 'n-server', type: 'frame', x: 0, y: 0, width: 10, height: 10, rotation: 0, z: 1, parentId: null, locked: false, fill: '#ffffff' });
    await expect(waiting).resolves.toBe(true);
  });

  it('gives up after the timeout', async () => {
    vi.useFakeTimers();
    canvas = new TestCanvas();
    const waiting = whenNodeAppears(canvas.manager, 'never', 500);
    vi.advanceTimersByTime(600);
    await expect(waiting).resolves.toBe(false);
    vi.useRealTimers();
  });
});

describe('dropped files', () => {
  it('uploads images and videos within the limits only', () => {
    expect(refuseFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(refuseFile({ type: 'video/mp4', size: 50 * 1024 * 1024 })).toBeNull();
    expect(refuseFile({ type: 'image/png', size: 30 * 1024 * 1024 })).toBe('size');
    expect(refuseFile({ type: 'application/pdf', size: 10 })).toBe('type');
  });

  it('places what was uploaded as images and videos where it was dropped', () => {
    canvas = new TestCanvas();
    const ids = placeUploaded(
      canvas.manager,
      [
        { key: 'u/a/x.png', url: '/api/media/u/a/x.png', width: 800, height: 600, contentType: 'image/png', sizeBytes: 1 },
        { key: 'u/a/y.mp4', url: '/api/media/u/a/y.mp4', width: 640, height: 360, contentType: 'video/mp4', sizeBytes: 1 },
      ],
      { x: 100, y: 100 },
    );
    expect(ids.map((id) => canvas.manager.store.get(id)?.type)).toEqual(['image', 'video']);
  });
});

describe('node media', () => {
  it('feeds actions only with media the server can read', () => {
    const image = (src: string) => ({ id: 'n', type: 'image', src, x: 0, y: 0, width: 1, height: 1, rotation: 0, z: 0, parentId: null, locked: false }) as CanvasNode;
    expect(imageInputOf(image('/api/media/u/abc/gen-1.png'))).toBe('/api/media/u/abc/gen-1.png');
    expect(imageInputOf(image('/brand/hero.png'))).toBeNull();
    expect(imageInputOf(null)).toBeNull();
  });

  it('names downloads after the node', () => {
    expect(downloadName({ id: 'abcdef1234', type: 'image', name: 'Red fox / final' }, '/api/media/u/a/x.webp')).toBe('Red-fox-final.webp');
    expect(downloadName({ id: 'abcdef1234', type: 'video' }, '/api/media/u/a/x')).toBe('tessera-video-abcdef12.mp4');
  });
});

describe('use settings (inspector)', () => {
  const base = { taskId: 't', cost: 4, requestedBy: { id: 'u', name: 'Ada' }, createdAt: '2024-01-01T00:00:00.000Z', versions: [] };
  const node = { id: 'n1', type: 'image', src: '/api/media/u/a/x.png', x: 10, y: 20, width: 300, height: 200, rotation: 0, z: 1, parentId: null, locked: false } as CanvasNode;

  it('opens text to image with the same prompt and shape, beside the node', () => {
    const lineage = { ...base, kind: 'text_to_image', prompt: 'a fox', params: { prompt: 'a fox', aspectRatio: '16:9', negativePrompt: 'blur' }, parentNodeId: null };
    expect(settingsActionFor(node, lineage, false)).toEqual({
      kind: 'text_to_image',
      near: { x: 10, y: 20, width: 300, height: 200 },
      parentNodeId: null,
      prompt: 'a fox',
      aspectRatio: '16:9',
      negativePrompt: 'blur',
    });
  });

  it('opens an image action on the node it was made from, pre-filled', () => {
    const lineage = { ...base, kind: 'image_to_image', prompt: 'sketch', params: { prompt: 'sketch', style: 'sketch', strength: 0.8, image: '/api/media/u/a/p.png' }, parentNodeId: 'p1' };
    expect(settingsActionFor(node, lineage, true)).toEqual({ kind: 'image_to_image', nodeId: 'p1', prompt: 'sketch', style: 'sketch', strength: 0.8 });
    expect(settingsActionFor(node, { ...lineage, kind: 'upscale' }, true)).toEqual({ kind: 'upscale', nodeId: 'p1' });
  });

  it('offers nothing when the source is gone or the kind has no form here', () => {
    const lineage = { ...base, kind: 'image_to_image', params: {}, parentNodeId: 'p1' };
    expect(settingsActionFor(node, lineage, false)).toBeNull();
    expect(settingsActionFor(node, { ...lineage, kind: 'uncrop' }, true)).toBeNull();
  });
});
