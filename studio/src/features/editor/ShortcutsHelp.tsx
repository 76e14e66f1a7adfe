/** The editor's keyboard shortcuts, listed from the same command descriptors the keys run. */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { ShortcutRows } from '../canvas/ui/ShortcutRows.tsx';
import { isMacPlatform } from '../canvas/ui/shortcutLabel.ts';
import { useEditor } from './editorContext.ts';
import { useEditorStore } from './editorStore.ts';

export function ShortcutsHelp() {
  const { t } = useTranslation('editor');
  const { commands } = useEditor();
  const open = useEditorStore((s) => s.shortcutsOpen);
  const setOpen = useEditorStore((s) => s.setShortcutsOpen);
  const mac = isMacPlatform();
  if (!open) return null;
  return (
    <Dialog open onOpenChange={setOpen} title={t('shortcuts.title')} className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" data-testid="editor-shortcuts-list">
        <ShortcutRows commands={commands} label={(c) => t(c.labelKey)} mac={mac} />
        <div className="contents">
          <dt>{t('shortcuts.wheel')}</dt>
          <dd className="text-end text-xs text-muted">{t('shortcuts.wheelKeys', { mod: mac ? '⌘' : 'Ctrl' })}</dd>
        </div>
      </dl>
    </Dialog>
  );
}
