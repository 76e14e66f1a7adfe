/**
 * `?` lists every keyboard shortcut: the registered commands (the same descriptors the toolbar
 * uses) and the pointer gestures the tools understand.
 */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { useCanvasSession } from './canvasSession.ts';
import { useCanvasUi } from './canvasUiStore.ts';
import { isMacPlatform, shortcutLabel } from './shortcutLabel.ts';
import { KBD_CLASS, ShortcutRows } from './ShortcutRows.tsx';

const GESTURES = ['pan', 'zoom', 'shiftSelect', 'marquee', 'aspect', 'rotate'] as const;

export function ShortcutsDialog() {
  const { t } = useTranslation('canvas');
  const { manager } = useCanvasSession();
  const open = useCanvasUi((s) => s.shortcutsOpen);
  const setOpen = useCanvasUi((s) => s.setShortcutsOpen);
  const mac = isMacPlatform();
  if (!open) return null;
  const commands = manager.commands.list().filter((c) => c.shortcut && !c.id.startsWith('nudge.'));
  return (
    <Dialog open onOpenChange={setOpen} title={t('shortcuts.title')} className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" data-testid="shortcuts-list">
        <ShortcutRows commands={commands} label={(c) => t(c.labelKey, { defaultValue: c.id })} mac={mac} />
        <div className="contents">
          <dt>{t('shortcuts.nudge')}</dt>
          <dd className="flex justify-end gap-1">
            <kbd className={KBD_CLASS}>←↑→↓</kbd>
            <kbd className={KBD_CLASS}>{shortcutLabel('shift+←', mac)}</kbd>
          </dd>
        </div>
        <div className="contents">
          <dt>{t('shortcuts.help')}</dt>
          <dd className="flex justify-end">
            <kbd className={KBD_CLASS}>?</kbd>
          </dd>
        </div>
        {GESTURES.map((g) => (
          <div key={g} className="contents">
            <dt>{t(`shortcuts.gestures.${g}.label`)}</dt>
            <dd className="text-end text-xs text-muted">{t(`shortcuts.gestures.${g}.keys`, { mod: mac ? '⌘' : 'Ctrl' })}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
