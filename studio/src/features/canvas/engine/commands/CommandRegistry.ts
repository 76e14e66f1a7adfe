/**
 * Registered command descriptors, shared by the toolbar, keyboard shortcuts and the context menu
 * (excalidraw's actions). Shortcuts read like 'mod+z', 'shift+mod+z', 'Delete', 'v';
 * `mod` is Ctrl on Windows/Linux and Cmd on macOS (the DOM adapter folds both into `modKey`).
 */
import { Observable } from '../subscribable.ts';
import type { CanvasKeyEvent, CommandDescriptor, Disposable, Subscribable } from '../types.ts';

/** A command as the engine registers it: the public descriptor plus two engine-only flags. */
export interface EngineCommand extends CommandDescriptor {
  /** Changes the document: disabled on read-only canvases, and a key press there reports `readOnlyAttempt`. */
  mutates?: boolean;
  /**
   * The shortcut is shown but left to the browser: mod+v must reach the page as a real `paste`
   * event, the only way to read pasted files.
   */
  browserShortcut?: boolean;
}

interface ParsedShortcut {
  key: string;
  mod: boolean;
  shift: boolean;
  alt: boolean;
}

/** `KeyboardEvent.code` of keys whose `key` changes with shift or layout ('shift+1' gives '!'). */
const CODE_OF: Record<string, string> = {
  '[': 'BracketLeft',
  ']': 'BracketRight',
  '=': 'Equal',
  '-': 'Minus',
  '0': 'Digit0',
  '1': 'Digit1',
  '2': 'Digit2',
  '3': 'Digit3',
  '4': 'Digit4',
  '5': 'Digit5',
  '6': 'Digit6',
  '7': 'Digit7',
  '8': 'Digit8',
  '9': 'Digit9',
};

export function parseShortcut(shortcut: string): ParsedShortcut {
  const parts = shortcut.split('+');
  const key = parts.pop() ?? '';
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  return { key: key === 'plus' ? '+' : key, mod: mods.has('mod'), shift: mods.has('shift'), alt: mods.has('alt') };
}

export function matchesShortcut(shortcut: string, e: CanvasKeyEvent): boolean {
  const s = parseShortcut(shortcut);
  if (s.mod !== e.modKey || s.shift !== e.shiftKey || s.alt !== e.altKey) return false;
  if (e.key.toLowerCase() === s.key.toLowerCase()) return true;
  // Letters by physical key too, so shortcuts work on non-Latin layouts.
  if (/^[a-z]$/i.test(s.key)) return e.code === `Key${s.key.toUpperCase()}`;
  const code = CODE_OF[s.key];
  return code !== undefined && e.code === code;
}

function shortcutsOf(d: CommandDescriptor): readonly string[] {
  if (!d.shortcut) return [];
  return typeof d.shortcut === 'string' ? [d.shortcut] : d.shortcut;
}

export class CommandRegistry extends Observable implements Subscribable, Disposable {
  private readonly commands = new Map<string, EngineCommand>();
  /** The key event being handled, so a command can read its modifiers (nudge: shift = ×10). */
  keyEvent: CanvasKeyEvent | null = null;

  constructor(private readonly hooks: { readOnly(): boolean; onReadOnlyAttempt(): void } = { readOnly: () => false, onReadOnlyAttempt: () => {} }) {
    super();
  }

  register(d: EngineCommand): () => void {
    this.commands.set(d.id, d);
    this.notify();
    return () => {
      if (this.commands.get(d.id) === d) {
        this.commands.delete(d.id);
        this.notify();
      }
    };
  }

  get(id: string): EngineCommand | undefined {
    return this.commands.get(id);
  }

  list(): EngineCommand[] {
    return [...this.commands.values()];
  }

  isEnabled(id: string): boolean {
    const d = this.commands.get(id);
    if (!d) return false;
    if (d.mutates && this.hooks.readOnly()) return false;
    return d.enabled ? d.enabled() : true;
  }

  /** Runs the command when it exists and is enabled; false otherwise. */
  run(id: string): boolean {
    const d = this.commands.get(id);
    if (!d || !this.isEnabled(id)) {
      if (d?.mutates && this.hooks.readOnly()) this.hooks.onReadOnlyAttempt();
      return false;
    }
    d.run();
    return true;
  }

  /**
   * Runs the first enabled command whose shortcut matches. True when the key was consumed (also
   * when a document-changing command was refused on a read-only canvas, so Backspace does not
   * navigate back).
   */
  handleKey(e: CanvasKeyEvent): boolean {
    let refused = false;
    for (const d of this.commands.values()) {
      if (d.browserShortcut || !shortcutsOf(d).some((s) => matchesShortcut(s, e))) continue;
      if (!this.isEnabled(d.id)) {
        if (d.mutates && this.hooks.readOnly()) refused = true;
        continue;
      }
      this.keyEvent = e;
      try {
        d.run();
      } finally {
        this.keyEvent = null;
      }
      return true;
    }
    if (refused) this.hooks.onReadOnlyAttempt();
    return refused;
  }

  /** Tells subscribers that `enabled()` answers may have changed (read-only switched …). */
  refresh(): void {
    this.notify();
  }

  override dispose(): void {
    this.commands.clear();
    super.dispose();
  }
}
