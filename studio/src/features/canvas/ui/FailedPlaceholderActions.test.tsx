// @vitest-environment jsdom
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import canvas from '../../../locales/en/canvas.json';
import common from '../../../locales/en/common.json';
import { TestCanvas } from '../engine/testing/TestCanvas.ts';
import { CanvasSessionContext, type CanvasSession } from './canvasSession.ts';
import { FailedPlaceholderActions } from './FailedPlaceholderActions.tsx';

// The request goes to the server through tRPC; what matters here is what is asked for.
const generate = vi.fn(async () => null);
vi.mock('./useCanvasGenerate.ts', () => ({ useCanvasGenerate: () => ({ generate, pending: false }) }));

let canvasUnderTest: TestCanvas;

beforeEach(() => {
  canvasUnderTest = new TestCanvas();
  generate.mockClear();
});
afterEach(() => {
  cleanup();
  canvasUnderTest.dispose();
});

async function mount(readOnly = false) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { canvas, common } }, defaultNS: 'canvas' });
  const session = { manager: canvasUnderTest.manager, readOnly } as unknown as CanvasSession;
  return render(
    <I18nextProvider i18n={i18n}>
      <CanvasSessionContext.Provider value={session}>
        <FailedPlaceholderActions />
      </CanvasSessionContext.Provider>
    </I18nextProvider>,
  );
}

const failed = {
  type: 'placeholder' as const,
  x: 100,
  y: 100,
  width: 200,
  height: 200,
  status: 'failed',
  error: { code: 'IMAGE_GENERATION_FAILED', message: 'Image generation failed.' },
  generation: { taskId: 't9', kind: 'image_to_image', params: { image: '/api/media/u/a/p.png', prompt: 'comic', style: 'comic' }, cost: 2, parentNodeId: 'n0', requestedBy: { id: 'u1', name: 'Ada' }, createdAt: '2024-01-01T00:00:00.000Z' },
};

describe('failed canvas placeholders', () => {
  it('offer Try again (the same request into the same node) and Dismiss, as labelled buttons', async () => {
    const [node] = canvasUnderTest.createNodes(failed, { type: 'placeholder', x: 400, y: 100, width: 200, height: 200 });
    const view = await mount();
    // Only the failed one gets the buttons; the running one does not.
    expect(view.getAllByRole('group')).toHaveLength(1);
    const group = view.getByRole('group', { name: 'Failed: Image to image' });
    const retry = view.getByRole('button', { name: 'Try again' });
    expect(group.contains(retry)).toBe(true);

    fireEvent.click(retry);
    expect(generate).toHaveBeenCalledWith({
      kind: 'image_to_image',
      input: failed.generation.params,
      placement: { x: 100, y: 100, width: 200, height: 200 },
      parentNodeId: 'n0',
      nodeId: node!.id,
    });

    act(() => fireEvent.click(view.getByRole('button', { name: 'Dismiss' })));
    expect(canvasUnderTest.node(node!.id)).toBeUndefined();
    expect(view.queryByRole('group')).toBeNull();
  });

  it('shows nothing to a viewer', async () => {
    canvasUnderTest.createNodes(failed);
    const view = await mount(true);
    expect(view.queryByRole('button')).toBeNull();
  });
});
