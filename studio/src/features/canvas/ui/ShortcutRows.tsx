/**
 * The rows of a shortcuts list, shared by the canvas's ShortcutsDialog and the editor's
 * ShortcutsHelp: each command's label beside its keys, inside the list's `<dl>`.
 */
import { shortcutLabels } from './shortcutLabel.ts';

/** How a key is drawn in a shortcuts list. */
export const KBD_CLASS = 'rounded border border-border bg-surface-2 px-1.5 py-0.5 font-mono text-xs';

export function ShortcutRows<C extends { id: string; shortcut?: string | readonly string[] | undefined }>({
  commands,
  label,
  mac,
}: {
  commands: readonly C[];
  label: (command: C) => string;
  mac: boolean;
}) {
  return commands.map((c) => (
    <div key={c.id} className="contents">
      <dt>{label(c)}</dt>
      <dd className="flex flex-wrap justify-end gap-1">
        {shortcutLabels(c.shortcut, mac).map((key) => (
          <kbd key={key} className={KBD_CLASS}>
            {key}
          </kbd>
        ))}
      </dd>
    </div>
  ));
}
