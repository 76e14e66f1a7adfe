// @vitest-environment jsdom
import { signatures } from '@tessera/shared/flows';
import { asGraphNode, writeStepRun } from '@tessera/shared/flows/document';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import common from '../../locales/en/common.json';
import flows from '../../locales/en/flows.json';
import media from '../../locales/en/media.json';
import { TestCanvas } from '../canvas/engine/testing/TestCanvas.ts';
import { type CanvasSession, CanvasSessionContext } from '../canvas/ui/canvasSession.ts';
import { FlowLayer } from './FlowLayer.tsx';
import { addInput, addStep, readFlowView, wire } from './flowModel.ts';

// The server is reached through tRPC; what matters here is what is asked and what is shown.
const estimate = vi.fn();
const run = vi.fn();
const cancel = vi.fn(async (_input: unknown) => ({ ok: true }));
vi.mock('../../lib/trpc.ts', () => ({
  useTRPC: () => ({
    flow: {
      estimate: { queryOptions: (input: unknown) => ({ queryKey: ['flow.estimate', input], queryFn: () => estimate(input) }) },
      run: { mutationOptions: () => ({ mutationFn: (input: unknown) => run(input) }) },
      cancel: { mutationOptions: () => ({ mutationFn: (input: unknown) => cancel(input) }) },
    },
    model: { list: { queryOptions: (input: unknown) => ({ queryKey: ['model.list', input], queryFn: async () => [] }) } },
    // The bar's template actions (features/flow-templates) list nothing here.
    flowTemplate: {
      list: { queryOptions: (input: unknown) => ({ queryKey: ['flowTemplate.list', input], queryFn: async () => [] }) },
      explore: { infiniteQueryOptions: () => ({ queryKey: ['flowTemplate.explore'], queryFn: async () => ({ items: [] }), initialPageParam: null }) },
    },
    creation: { list: { infiniteQueryOptions: () => ({ queryKey: ['creation.list'], queryFn: async () => ({ items: [] }), initialPageParam: null }) } },
  }),
}));

let canvas: TestCanvas;
beforeEach(() => {
  canvas = new TestCanvas();
  estimate.mockReset();
  run.mockReset();
  cancel.mockClear();
});
afterEach(() => {
  cleanup();
  canvas.dispose();
});

async function mount(readOnly = false) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { flows, common, media } }, defaultNS: 'flows' });
  const session = { manager: canvas.manager, readOnly, projectId: 'p1' } as unknown as CanvasSession;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <CanvasSessionContext.Provider value={session}>
          <FlowLayer />
        </CanvasSessionContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** prompt → text to image → image to image, in the canvas's document. */
function flow() {
  const m = canvas.manager;
  const prompt = addInput(m.doc, m.localOrigin, 'text', { x: 0, y: 0 }, 'a red fox');
  const first = addStep(m.doc, m.localOrigin, 'text_to_image', { x: 300, y: 0 });
  const second = addStep(m.doc, m.localOrigin, 'image_to_image', { x: 600, y: 0 });
  wire(m.doc, m.localOrigin, prompt, first, 'prompt');
  wire(m.doc, m.localOrigin, first, second, 'image');
  return { prompt, first, second };
}

const cardOf = (kind: string) => document.querySelector<HTMLElement>(`[data-testid="flow-card"][data-kind="${kind}"]`)!;

describe('the flow layer', () => {
  it('says how to start, and adds a step of the chosen kind with its settings open', async () => {
    await mount();
    expect(screen.getByTestId('flow-empty').textContent).toBe('Add a step or an input to start a flow');
    fireEvent.change(screen.getByTestId('flow-add-step'), { target: { value: 'upscale' } });
    await waitFor(() => expect(cardOf('upscale')).toBeTruthy());
    expect(cardOf('upscale').textContent).toContain('Image upscaler');
    expect(screen.getByTestId('flow-inspector').textContent).toContain('Scale');
    // One undo step takes it back, from the keyboard on the card.
    fireEvent.keyDown(cardOf('upscale').querySelector('[data-testid="flow-card-open"]')!, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="flow-card"]')).toHaveLength(0));
    act(() => canvas.manager.history.redo());
    await waitFor(() => expect(cardOf('upscale')).toBeTruthy());
    // Delete on a focused card removes it.
    fireEvent.keyDown(cardOf('upscale').querySelector('[data-testid="flow-card-open"]')!, { key: 'Delete' });
    await waitFor(() => expect(document.querySelectorAll('[data-testid="flow-card"]')).toHaveLength(0));
  });

  it('shows each step’s state: running with its progress, failed with the message, fresh with its results', async () => {
    const { first, second } = flow();
    const doc = canvas.manager.doc;
    const view = readFlowView(doc);
    const signature = signatures({ nodes: view.nodes.map(asGraphNode), edges: view.edges }).get(first)!;
    writeStepRun(doc, first, { status: 'failed', signature, error: { code: 'IMAGE_GENERATION_FAILED', message: 'The picture could not be made.' }, updatedAt: new Date().toISOString() });
    writeStepRun(doc, second, { status: 'running', signature: 'any', runId: 'r1', updatedAt: new Date().toISOString() });
    canvas.manager.progress.set(second, { progress: 42, stage: 'rendering' });
    await mount();
    expect(cardOf('image_to_image').dataset.state).toBe('running');
    expect(cardOf('image_to_image').textContent).toContain('Running 42%');
    expect(cardOf('text_to_image').dataset.state).toBe('failed');
    expect(cardOf('text_to_image').textContent).toContain('The picture could not be made.');
    // Results show as thumbnails from the media route.
    act(() => writeStepRun(doc, first, { status: 'succeeded', signature, outputs: ['u/a/b.png'], updatedAt: new Date().toISOString() }));
    await waitFor(() => expect(cardOf('text_to_image').dataset.state).toBe('fresh'));
    expect(cardOf('text_to_image').querySelector('img')?.getAttribute('src')).toBe('/api/media/u/a/b.png');
    expect(screen.getByTestId('flow-cancel')).toBeTruthy();
    fireEvent.click(screen.getByTestId('flow-cancel'));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith({ projectId: 'p1', runId: 'r1' }));
  });

  it('prices a run first: issues disable Run; confirming sends the price shown, and a changed price asks again', async () => {
    flow();
    estimate.mockResolvedValueOnce({ run: [], reuse: [], steps: [], cost: 0, issues: [{ code: 'empty_input', id: 'x', message: 'This input is empty.' }] });
    await mount();
    fireEvent.click(screen.getByTestId('flow-run-all'));
    await screen.findByTestId('flow-run-issues');
    expect(screen.getByTestId('flow-run-issues').textContent).toContain('This input is empty.');
    expect((screen.getByTestId('flow-run-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('Cancel'));

    const { first, second } = Object.fromEntries(
      [...document.querySelectorAll<HTMLElement>('[data-testid="flow-card"]')].map((el) => [el.dataset.kind === 'text_to_image' ? 'first' : el.dataset.kind === 'image_to_image' ? 'second' : 'input', el.dataset.flowCard!]),
    );
    estimate.mockResolvedValueOnce({ run: [second], reuse: [first], steps: [{ stepId: second, kind: 'image_to_image', model: 'local', jobs: 1, cost: 4 }], cost: 4, issues: [] });
    estimate.mockResolvedValueOnce({ run: [second], reuse: [first], steps: [{ stepId: second, kind: 'image_to_image', model: 'local', jobs: 1, cost: 6 }], cost: 6, issues: [] });
    run.mockRejectedValueOnce(Object.assign(new Error('The price of this run changed.'), { data: { appCode: 'FLOW_COST_CHANGED' } }));
    run.mockResolvedValueOnce({ runId: 'r2', cost: 6 });
    fireEvent.click(screen.getByTestId('flow-run-all'));
    expect(await screen.findAllByTestId('flow-plan-step')).toHaveLength(1);
    expect(screen.getByTestId('flow-run-reuse').textContent).toContain('Text to image');
    expect(screen.getByTestId('flow-run-total').textContent).toBe('Total: 4 credits');
    fireEvent.click(screen.getByTestId('flow-run-confirm'));
    await waitFor(() => expect(screen.getByTestId('flow-run-total').textContent).toBe('Total: 6 credits'));
    expect(run).toHaveBeenNthCalledWith(1, { projectId: 'p1', scope: { kind: 'all' }, expectedCost: 4 });
    expect(screen.getByText(/The price changed meanwhile/)).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('flow-run-confirm') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('flow-run-confirm'));
    await waitFor(() => expect(screen.queryByTestId('flow-run-dialog')).toBeNull());
    expect(run).toHaveBeenNthCalledWith(2, { projectId: 'p1', scope: { kind: 'all' }, expectedCost: 6 });
  });

  it('opens on a flow placed out of view (nothing else on the canvas), and follows the camera without re-rendering', async () => {
    const m = canvas.manager;
    addStep(m.doc, m.localOrigin, 'text_to_image', { x: 5000, y: 4000 });
    await mount();
    const rect = m.viewport.visibleRect();
    expect(rect.x).toBeLessThanOrEqual(5000);
    expect(rect.x + rect.width).toBeGreaterThanOrEqual(5000 + 240);
    expect(rect.y).toBeLessThanOrEqual(4000);
    const plane = cardOf('text_to_image').parentElement!;
    act(() => m.viewport.setCamera({ x: 10, y: 20, zoom: 2 }));
    expect(plane.style.transform).toBe('translate(-20px, -40px) scale(2)');
  });

  it('zoomed far out draws titles and one path per wire colour; zoomed in again, ports and wires one by one', async () => {
    flow();
    const m = canvas.manager;
    await mount();
    act(() => m.viewport.setCamera({ x: -100, y: -100, zoom: 1 }));
    await waitFor(() => expect(document.querySelectorAll('path[data-flow-wire]')).toHaveLength(2));
    expect(document.querySelectorAll('[data-testid="flow-port"]').length).toBeGreaterThan(0);
    act(() => m.viewport.setCamera({ x: -100, y: -100, zoom: 0.3 }));
    await waitFor(() => expect(document.querySelectorAll('path[data-flow-wire]')).toHaveLength(0));
    // text → image and image → image: one path for each colour, each card still there with its title.
    expect([...document.querySelectorAll('path[data-flow-wires]')].map((p) => p.getAttribute('d')!.split('M').length - 1)).toEqual([1, 1]);
    expect(document.querySelectorAll('[data-testid="flow-port"], [data-testid="flow-output"], [data-testid="flow-wire-remove"]')).toHaveLength(0);
    expect(cardOf('text_to_image').textContent).toContain('Text to image');
    act(() => m.viewport.setCamera({ x: -100, y: -100, zoom: 1 }));
    await waitFor(() => expect(document.querySelectorAll('path[data-flow-wire]')).toHaveLength(2));
  });

  it('shares the canvas selection: a click selects the card alone, shift-click adds one, closing the settings lets go', async () => {
    // jsdom has no pointer capture (a press on a header captures the pointer for its drag).
    HTMLElement.prototype.setPointerCapture ??= () => {};
    flow();
    const m = canvas.manager;
    await mount();
    const header = (kind: string) => cardOf(kind).querySelector<HTMLElement>('[data-testid="flow-card-open"]')!.parentElement!;
    m.selection.set(['n9']);
    fireEvent.pointerDown(header('text_to_image'), { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    expect(m.selection.ids).toEqual([]);
    expect(m.selection.layerIds).toEqual([cardOf('text_to_image').dataset.flowCard]);
    await screen.findByTestId('flow-inspector');
    fireEvent.pointerDown(header('image_to_image'), { button: 0, pointerId: 1, shiftKey: true, clientX: 10, clientY: 10 });
    expect(m.selection.layerIds).toEqual([cardOf('text_to_image').dataset.flowCard, cardOf('image_to_image').dataset.flowCard]);
    await waitFor(() => expect(document.querySelectorAll('[data-testid="flow-card"][data-selected]')).toHaveLength(2));
    // Two selected: no settings open. One alone with its settings: closing them deselects it.
    expect(screen.queryByTestId('flow-inspector')).toBeNull();
    fireEvent.click(cardOf('image_to_image').querySelector('[data-testid="flow-card-open"]')!);
    expect(m.selection.layerIds).toEqual([cardOf('image_to_image').dataset.flowCard]);
    fireEvent.click(await screen.findByRole('button', { name: /close settings/i }));
    expect(m.selection.layerIds).toEqual([]);
  });

  it('keeps a viewer read-only: no adding, running, wiring or removing', async () => {
    flow();
    await mount(true);
    expect(screen.queryByTestId('flow-add-step')).toBeNull();
    expect(screen.queryByTestId('flow-run-all')).toBeNull();
    expect(screen.queryAllByTestId('flow-wire-remove')).toHaveLength(0);
    fireEvent.click(cardOf('text_to_image').querySelector('[data-testid="flow-card-open"]')!);
    expect(screen.queryByTestId('flow-remove')).toBeNull();
    expect((screen.getByTestId('flow-setting-prompt') as HTMLTextAreaElement).disabled).toBe(true);
  });
});
