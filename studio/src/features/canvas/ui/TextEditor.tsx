/**
 * Editing a text node in place: a textarea over the node, at its size and font size for the
 * current zoom. Blur or Ctrl/Cmd+Enter keeps the text (one undo step), Escape drops the edit;
 * clearing the text removes the node.
 */
import type { TextNode } from '@tessera/shared/canvas';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanvasSession } from './canvasSession.ts';
import { useCanvasUi } from './canvasUiStore.ts';
import { toScreenRect } from './overlayPosition.ts';
import { useCanvasState } from './useCanvasState.ts';

export function TextEditor() {
  const { manager, readOnly } = useCanvasSession();
  const editingId = useCanvasUi((s) => s.editingTextId);
  const node = useCanvasState(manager.store, () => {
    const n = editingId ? manager.store.get(editingId) : undefined;
    return n?.type === 'text' ? n : null;
  });
  if (!node || readOnly || node.locked) return null;
  return <TextArea key={node.id} node={node} />;
}

function TextArea({ node }: { node: TextNode }) {
  const { t } = useTranslation('canvas');
  const { manager, focusStage } = useCanvasSession();
  const editText = useCanvasUi((s) => s.editText);
  const camera = useCanvasState(manager.viewport, () => manager.viewport.camera);
  const [text, setText] = useState(node.text);
  const done = useRef(false);
  const ref = useRef<HTMLTextAreaElement>(null);
  const rect = toScreenRect(node, camera);

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const finish = (keep: boolean) => {
    if (done.current) return;
    done.current = true;
    if (keep && text !== node.text) {
      if (text.trim() === '') manager.deleteNodes([node.id]);
      else manager.updateNodes({ [node.id]: { text } });
    }
    editText(null);
    focusStage();
  };

  return (
    <textarea
      ref={ref}
      value={text}
      aria-label={t('text.edit')}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') finish(false);
        if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) finish(true);
      }}
      className="pointer-events-auto absolute z-20 resize-none overflow-hidden rounded-sm border-2 border-accent bg-white p-0 leading-tight outline-none"
      style={{
        left: rect.x,
        top: rect.y,
        width: Math.max(40, rect.width),
        height: Math.max(24, rect.height),
        fontSize: node.fontSize * camera.zoom,
        color: node.fill,
        textAlign: node.align,
        transform: node.rotation ? `rotate(${node.rotation}deg)` : undefined,
        transformOrigin: 'top left',
      }}
      data-testid="text-editor"
    />
  );
}
