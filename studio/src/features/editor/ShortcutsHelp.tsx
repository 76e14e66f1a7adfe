/** The editor's keyboard shortcuts, listed from the same command descriptors the keys run. */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { isMacPlatform, shortcutLabels } from '../canvas/ui/shortcutLabel.ts';
import { useEditor } from './editorContext.ts';
import { useEditorStore } from './editorStore.ts';

export function ShortcutsHelp() {
  const { t } = useTranslation('editor');
  const { commands } = useEditor();
  const open = useEditorStore((s) => s.shortcutsOpen);
  const setOpen = useEditorStore((s) => s.setShortcutsOpen);
  const mac = isMacPlatform();
  if (!open) return null;
  const kbd = 'rounded border border-border bg-surface-2 px-1.5 py-0.5 font-mono text-xs';
  return (
    <Dialog open onOpenChange={setOpen} title={t('shortcuts.title')} className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" data-testid="editor-shortcuts-list">
        {commands.map((c) => (
          <div key={c.id} className="contents">
            <dt>{t(c.labelKey)}</dt>
            <dd className="flex flex-wrap justify-end gap-1">
              {shortcutLabels(c.shortcut, mac).map((label) => (
                <kbd key={label} className={kbd}>
                  {label}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
        <div className="contents">
          <dt>{t('shortcuts.wheel')}</dt>
          <dd className="text-end text-xs text-muted">{t('shortcuts.wheelKeys', { mod: mac ? '⌘' : 'Ctrl' })}</dd>
        </div>
      </dl>
    </Dialog>
  );
}
