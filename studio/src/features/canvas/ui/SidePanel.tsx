/**
 * The right-hand panel: Inspector, Queue and Chat tabs (the chat also plans flows, issue 24). A collapsible column on wide screens; on
 * phones the same tabs open in a sheet from a button over the canvas.
 */
import { ListChecks, MessageSquare, PanelRight, SlidersHorizontal } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../../components/ui/Sheet.tsx';
import { ChatPanel, type ChatCanvasBridge } from '../../chat/ChatPanel.tsx';
import { ChatWithFlowPlanner } from '../../flows/FlowPlanPanel.tsx';
import { useCanvasSession } from './canvasSession.ts';
import { type SidePanelTab, useCanvasUi } from './canvasUiStore.ts';
import { imageInputOf } from './nodeMedia.ts';
import { InspectorPanel } from './InspectorPanel.tsx';
import { QueuePanel } from './QueuePanel.tsx';
import { centreOf } from './canvasMath.ts';
import { showNode } from './showNode.ts';
import { useCanvasState } from './useCanvasState.ts';

const TABS: [SidePanelTab, typeof SlidersHorizontal][] = [
  ['inspector', SlidersHorizontal],
  ['queue', ListChecks],
  ['chat', MessageSquare],
];

function PanelTabs() {
  const { t } = useTranslation('canvas');
  const tab = useCanvasUi((s) => s.tab);
  const showTab = useCanvasUi((s) => s.showTab);
  return (
    <Tabs.Root value={tab} onValueChange={(v) => showTab(v as SidePanelTab)} className="flex h-full min-h-0 flex-col">
      <Tabs.List aria-label={t('panel.label')} className="flex shrink-0 gap-1 border-b border-border p-1.5">
        {TABS.map(([value, Icon]) => (
          <Tabs.Trigger
            key={value}
            value={value}
            className="flex flex-1 items-center justify-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-muted transition data-[state=active]:bg-surface-2 data-[state=active]:text-fg"
            data-testid={`panel-tab-${value}`}
          >
            <Icon size={14} aria-hidden /> {t(`panel.${value}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="inspector" className="min-h-0 flex-1 overflow-y-auto">
        <InspectorPanel />
      </Tabs.Content>
      <Tabs.Content value="queue" className="min-h-0 flex-1 overflow-y-auto">
        <QueuePanel />
      </Tabs.Content>
      <Tabs.Content value="chat" className="flex min-h-0 flex-1 flex-col">
        <CanvasChat />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The chat, given what it needs of the canvas. */
function CanvasChat() {
  const { manager, projectId, readOnly } = useCanvasSession();
  const selectedImageNodeId = useCanvasState(manager.selection, () => {
    const ids = manager.selection.ids;
    return ids.length === 1 && imageInputOf(manager.store.get(ids[0]!)) ? ids[0]! : null;
  });
  // Re-render when nodes come and go ("placed on canvas" buttons).
  useCanvasState(manager.store, () => manager.store.count());
  const bridge: ChatCanvasBridge = {
    anchor: () => centreOf(manager.viewport.visibleRect()),
    selectedImageNodeId,
    hasNode: (id) => Boolean(manager.store.get(id)),
    showNode: (id) => void showNode(manager, id),
    canGenerate: !readOnly,
  };
  return <ChatWithFlowPlanner chat={<ChatPanel projectId={projectId} canvas={bridge} />} />;
}

/**
 * Wide screens: a column beside the canvas, hidden with the header's toggle. The column is there
 * from the first frame (its content once the canvas is ready), so the stage is measured at its
 * final size before the first "fit to content".
 */
export function SidePanel({ ready }: { ready: boolean }) {
  const open = useCanvasUi((s) => s.panelOpen);
  if (!open) return null;
  return (
    <aside className="flex w-80 shrink-0 flex-col border-s border-border bg-surface lg:w-96" data-testid="side-panel">
      {ready ? <PanelTabs /> : <div className="m-3 h-32 animate-pulse rounded-xl bg-surface-2" aria-hidden />}
    </aside>
  );
}

/** Phones: a button over the canvas opens the panel as a sheet. */
export function SidePanelSheet() {
  const { t } = useTranslation('canvas');
  const open = useCanvasUi((s) => s.sheetOpen);
  const setOpen = useCanvasUi((s) => s.setSheetOpen);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="pointer-events-auto absolute bottom-3 end-3 z-20 flex h-11 items-center gap-2 rounded-full border border-border bg-surface/95 px-4 text-sm shadow-xl"
        data-testid="panel-open-mobile"
      >
        <PanelRight size={16} aria-hidden /> {t('panel.open')}
      </button>
      <Sheet open={open} onOpenChange={setOpen} title={t('panel.label')}>
        <div className="-m-5 flex h-[calc(100dvh-6rem)] flex-col">
          <PanelTabs />
        </div>
      </Sheet>
    </>
  );
}
