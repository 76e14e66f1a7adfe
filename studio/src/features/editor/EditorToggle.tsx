/**
 * Opens and closes the timeline dock: a button for the canvas toolbar and the Alt+T shortcut
 * (anywhere on the canvas page but in a text field). Small on purpose: the dock itself is
 * lazy-loaded by the page when first opened.
 */
import { Clapperboard } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { matchesShortcut } from '../canvas/engine/commands/CommandRegistry.ts';
import { isMacPlatform, shortcutLabel } from '../canvas/ui/shortcutLabel.ts';
import { useEditorStore } from './editorStore.ts';

export const TOGGLE_SHORTCUT = 'alt+t';

export function EditorToggleButton() {
  const { t } = useTranslation('editor');
  const open = useEditorStore((s) => s.open);
  const toggle = useEditorStore((s) => s.toggle);
  const title = `${t('dock.toggle')} (${shortcutLabel(TOGGLE_SHORTCUT, isMacPlatform())})`;
  return (
    <button
      type="button"
      title={title}
      aria-label={title}
      aria-pressed={open}
      onClick={() => toggle()}
      className={cn('flex h-9 w-9 items-center justify-center rounded-lg transition', open ? 'bg-accent text-white' : 'text-muted hover:bg-surface-2 hover:text-fg')}
      data-testid="tool-timeline"
    >
      <Clapperboard size={18} aria-hidden />
    </button>
  );
}

/** Alt+T toggles the dock. */
export function useEditorToggleShortcut(): void {
  useEffect(() => {
    const mac = isMacPlatform();
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.defaultPrevented || (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)))) return;
      const event = { key: e.key, code: e.code, shiftKey: e.shiftKey, altKey: e.altKey, modKey: mac ? e.metaKey : e.ctrlKey, repeat: e.repeat };
      if (!matchesShortcut(TOGGLE_SHORTCUT, event)) return;
      e.preventDefault();
      useEditorStore.getState().toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
