// @vitest-environment jsdom
import { connect, readFlow, writeFlowNode } from '@tessera/shared/flows/document';
import { flowNote, type FlowProposeResult } from '@tessera/shared/flows/plan';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import common from '../../locales/en/common.json';
import flows from '../../locales/en/flows.json';
import { TestCanvas } from '../canvas/engine/testing/TestCanvas.ts';
import { type CanvasSession, CanvasSessionContext } from '../canvas/ui/canvasSession.ts';
import { ChatWithFlowPlanner } from './FlowPlanPanel.tsx';
import { usePlanStore } from './planStore.ts';

const propose = vi.fn();
const estimate = vi.fn();
vi.mock('../../lib/trpc.ts', () => ({
  useTRPC: () => ({
    flow: {
      propose: { mutationOptions: () => ({ mutationFn: (input: unknown) => propose(input) }) },
      estimate: { queryOptions: (input: unknown) => ({ queryKey: ['flow.estimate', input], queryFn: () => estimate(input) }) },
      run: { mutationOptions: () => ({ mutationFn: async () => ({}) }) },
    },
  }),
}));

let canvas: TestCanvas;
beforeEach(() => {
  canvas = new TestCanvas();
  propose.mockReset();
  estimate.mockReset();
  usePlanStore.setState({ mode: 'chat', byProject: {} });
});
afterEach(() => {
  cleanup();
  canvas.dispose();
});

async function mount(readOnly = false) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { flows, common } }, defaultNS: 'flows', showSupportNotice: false } as Parameters<typeof i18n.init>[0]);
  const session = { manager: canvas.manager, readOnly, projectId: 'p1' } as unknown as CanvasSession;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <CanvasSessionContext.Provider value={session}>
          <ChatWithFlowPlanner chat={<p data-testid="image-chat">chat</p>} />
        </CanvasSessionContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** What the server does for the teaser brief: draws photo → image to video → lip sync (+ narration) and answers. */
function serverDraws(): FlowProposeResult {
  const doc = canvas.manager.doc;
  doc.transact(() => {
    writeFlowNode(doc, { id: 'photo', type: 'input', port: 'image', value: 'u/alice/photo.png', x: 0, y: 0 });
    writeFlowNode(doc, { id: 'animate', type: 'step', kind: 'image_to_video', settings: { duration: 10 }, x: 340, y: 0 });
    writeFlowNode(doc, { id: 'narration', type: 'input', port: 'text', value: 'Introducing a product teaser.', x: 340, y: 280 });
    writeFlowNode(doc, { id: 'voice', type: 'step', kind: 'lip_sync', settings: {}, x: 680, y: 0 });
    connect(doc, { id: 'e1', from: 'photo', to: 'animate', toPort: 'image' });
    connect(doc, { id: 'e2', from: 'animate', to: 'voice', toPort: 'video' });
    connect(doc, { id: 'e3', from: 'narration', to: 'voice', toPort: 'text' });
  }, 'server');
  return {
    nodeIds: ['photo', 'narration', 'animate', 'voice'],
    edgeIds: ['e1', 'e2', 'e3'],
    steps: [
      { id: 'animate', kind: 'image_to_video', name: 'Animation' },
      { id: 'voice', kind: 'lip_sync', name: 'Voice-over' },
    ],
    planner: 'local',
    notes: [flowNote('clip_shortened', { max: 10, duration: 10, asked: 15 }), flowNote('narration_draft')],
  };
}

async function planMode() {
  await mount();
  expect(screen.getByTestId('image-chat')).toBeTruthy();
  fireEvent.click(screen.getByTestId('chat-mode-flow'));
  expect(screen.queryByTestId('image-chat')).toBeNull();
  expect(screen.getByTestId('chat-mode-flow').getAttribute('aria-pressed')).toBe('true');
  expect(screen.getByTestId('chat-mode-chat').getAttribute('aria-pressed')).toBe('false');
}

const BRIEF = 'a 15-second product teaser from this photo, with voice-over';

describe('planning a flow from the chat', () => {
  it('plans, shows the reply with steps and translated notes, prices the proposal, and undoes it in one step', async () => {
    let answer!: (result: FlowProposeResult) => void;
    propose.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    estimate.mockResolvedValue({ run: ['animate', 'voice'], reuse: [], steps: [{ stepId: 'animate', model: 'local', jobs: 1, cost: 20 }, { stepId: 'voice', model: 'local', jobs: 1, cost: 10 }], cost: 30, issues: [] });
    await planMode();
    expect(screen.getByTestId('flow-planner').textContent).toContain('nothing runs until you confirm the price');

    fireEvent.change(screen.getByTestId('flow-plan-input'), { target: { value: BRIEF } });
    fireEvent.keyDown(screen.getByTestId('flow-plan-input'), { key: 'Enter' });
    await screen.findByTestId('flow-plan-thinking');
    expect(propose).toHaveBeenCalledWith({ projectId: 'p1', brief: BRIEF, placement: expect.objectContaining({ x: expect.any(Number), y: expect.any(Number) }) });
    expect(screen.getByTestId('flow-plan-brief').textContent).toContain(BRIEF);
    expect((screen.getByTestId('flow-plan-input') as HTMLTextAreaElement).value).toBe('');

    await act(async () => answer(serverDraws()));
    const reply = await screen.findByTestId('flow-plan-reply');
    expect(reply.dataset.planner).toBe('local');
    expect(reply.textContent).toContain('Planned by the offline planner');
    expect(screen.getAllByTestId('flow-plan-reply-step').map((li) => li.textContent)).toEqual(['Image to video', 'Lip sync']);
    expect(screen.getAllByTestId('flow-plan-note').map((li) => li.textContent)).toEqual([
      'A clip is at most 10 seconds here: the flow makes a 10-second clip instead of the 15 seconds asked.',
      'The narration is a draft: write what should be said in the narration input.',
    ]);

    // The price of the proposal: its first step and what follows.
    await waitFor(() => expect((screen.getByTestId('flow-plan-review') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('flow-plan-review'));
    await screen.findByTestId('flow-run-total');
    expect(estimate).toHaveBeenCalledWith({ projectId: 'p1', scope: { kind: 'downstream', stepId: 'animate' } });
    expect(screen.getByTestId('flow-run-total').dataset.cost).toBe('30');
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('flow-run-dialog')).toBeNull());

    // Undo removes what the server drew, as one step of my own history (redo brings it back).
    fireEvent.click(screen.getByTestId('flow-plan-undo'));
    expect(readFlow(canvas.manager.doc).nodes).toEqual([]);
    await waitFor(() => expect(screen.getByTestId('flow-plan-reply').textContent).toContain('The proposed flow was removed from the canvas.'));
    expect(screen.queryByTestId('flow-plan-undo')).toBeNull();
    act(() => canvas.manager.history.undo());
    expect(readFlow(canvas.manager.doc).nodes).toHaveLength(4);
    await screen.findByTestId('flow-plan-undo');
  });

  it('starts from the selected canvas image, and keeps the brief when planning fails', async () => {
    propose.mockRejectedValue(Object.assign(new Error('Image not found.'), { data: { appCode: 'IMAGE_NOT_FOUND' } }));
    canvas.manager.addNodes([{ id: 'pic', type: 'image', src: '/api/media/u/alice/photo.png', x: 0, y: 0, width: 100, height: 100, rotation: 0, z: 1, parentId: null, locked: false }]);
    act(() => canvas.manager.selection.set(['pic']));
    await planMode();
    expect((screen.getByTestId('flow-plan-use-selected') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByTestId('flow-plan-input'), { target: { value: BRIEF } });
    fireEvent.click(screen.getByTestId('flow-plan-send'));
    await screen.findByTestId('flow-plan-failed');
    expect(propose).toHaveBeenCalledWith(expect.objectContaining({ imageKey: 'u/alice/photo.png' }));
    expect((screen.getByTestId('flow-plan-input') as HTMLTextAreaElement).value).toBe(BRIEF);
    // Unticked, the brief goes alone.
    fireEvent.click(screen.getByTestId('flow-plan-use-selected'));
    fireEvent.click(screen.getByTestId('flow-plan-send'));
    await waitFor(() => expect(propose).toHaveBeenCalledTimes(2));
    expect(propose.mock.calls[1]?.[0]).not.toHaveProperty('imageKey');
  });

  it('lets viewers read replies but not plan', async () => {
    await mount(true);
    fireEvent.click(screen.getByTestId('chat-mode-flow'));
    expect(screen.queryByTestId('flow-plan-input')).toBeNull();
    expect(screen.getByTestId('flow-planner').textContent).toContain('Viewers cannot plan flows in this project.');
  });
});
