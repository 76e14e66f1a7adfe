/**
 * `?` lists every keyboard shortcut: the registered commands (the same descriptors the toolbar
 * uses) and the pointer gestures the tools understand.
 */
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { useCanvasSession } from './canvasSession.ts';
import { useCanvasUi } from './canvasUiStore.ts';
import { isMacPlatform, shortcutLabel, shortcutLabels } from './shortcutLabel.ts';

const GESTURES = ['pan', 'zoom', 'shiftSelect', 'marquee', 'aspect', 'rotate'] as const;

export function ShortcutsDialog() {
  const { t } = useTranslation('canvas');
  const { manager } = useCanvasSession();
  const open = useCanvasUi((s) => s.shortcutsOpen);
  const setOpen = useCanvasUi((s) => s.setShortcutsOpen);
  const mac = isMacPlatform();
  if (!open) return null;
  const commands = manager.commands.list().filter((c) => c.shortcut && !c.id.startsWith('nudge.'));
  const kbd = 'rounded border border-border bg-surface-2 px-1.5 py-0.5 font-mono text-xs';
  return (
    <Dialog open onOpenChange={setOpen} title={t('shortcuts.title')} className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm" data-testid="shortcuts-list">
        {commands.map((c) => (
          <div key={c.id} className="contents">
            <dt>{t(c.labelKey, { defaultValue: c.id })}</dt>
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
          <dt>{t('shortcuts.nudge')}</dt>
          <dd className="flex justify-end gap-1">
            <kbd className={kbd}>←↑→↓</kbd>
            <kbd className={kbd}>{shortcutLabel('shift+←', mac)}</kbd>
          </dd>
        </div>
        <div className="contents">
          <dt>{t('shortcuts.help')}</dt>
          <dd className="flex justify-end">
            <kbd className={kbd}>?</kbd>
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
