/**
 * Command shortcuts as people read them: `shift+mod+z` is "⇧⌘Z" on a Mac and "Ctrl+Shift+Z"
 * elsewhere (the CommandRegistry's `mod` is Cmd on macOS, Ctrl on the others).
 */

const NAMES: Record<string, { mac: string; other: string }> = {
  mod: { mac: '⌘', other: 'Ctrl' },
  shift: { mac: '⇧', other: 'Shift' },
  alt: { mac: '⌥', other: 'Alt' },
  delete: { mac: '⌫', other: 'Del' },
  backspace: { mac: '⌫', other: 'Backspace' },
  escape: { mac: 'Esc', other: 'Esc' },
  enter: { mac: '↩', other: 'Enter' },
  arrowleft: { mac: '←', other: '←' },
  arrowright: { mac: '→', other: '→' },
  arrowup: { mac: '↑', other: '↑' },
  arrowdown: { mac: '↓', other: '↓' },
  plus: { mac: '+', other: '+' },
  ' ': { mac: 'Space', other: 'Space' },
  space: { mac: 'Space', other: 'Space' },
};
// Modifiers first, in the platform's usual order.
const ORDER = { mac: ['alt', 'shift', 'mod'], other: ['mod', 'alt', 'shift'] };

export function isMacPlatform(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** `mod+z` → ['mod', 'z']; a trailing '+' is the plus key, not a separator (`mod++`). */
function splitShortcut(shortcut: string): string[] {
  if (shortcut === '+') return ['+'];
  if (shortcut.endsWith('++')) return [...shortcut.slice(0, -2).split('+'), '+'];
  return shortcut.split('+');
}

/** One shortcut (`mod+z`) as a label. */
export function shortcutLabel(shortcut: string, mac: boolean): string {
  const style = mac ? 'mac' : 'other';
  const parts = splitShortcut(shortcut);
  const mods = parts.slice(0, -1).map((p) => p.toLowerCase());
  const key = parts[parts.length - 1] ?? '';
  const ordered = ORDER[style].filter((m) => mods.includes(m));
  const keyName = NAMES[key.toLowerCase()]?.[style] ?? (key.length === 1 ? key.toUpperCase() : key);
  const labels = [...ordered.map((m) => NAMES[m]![style]), keyName];
  return mac ? labels.join('') : labels.join('+');
}

/** The first shortcut of a descriptor, or null. */
export function primaryShortcut(shortcut: string | readonly string[] | undefined): string | null {
  if (!shortcut) return null;
  return typeof shortcut === 'string' ? shortcut : (shortcut[0] ?? null);
}

/** Every shortcut of a descriptor, labelled, for the shortcuts dialog. */
export function shortcutLabels(shortcut: string | readonly string[] | undefined, mac: boolean): string[] {
  if (!shortcut) return [];
  return (typeof shortcut === 'string' ? [shortcut] : [...shortcut]).map((s) => shortcutLabel(s, mac));
}
