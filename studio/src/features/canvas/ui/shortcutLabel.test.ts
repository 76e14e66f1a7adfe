import { describe, expect, it } from 'vitest';
import { isMacPlatform, primaryShortcut, shortcutLabel, shortcutLabels } from './shortcutLabel.ts';

describe('shortcutLabel', () => {
  it('writes shortcuts the way each platform does', () => {
    expect(shortcutLabel('mod+z', true)).toBe('⌘Z');
    expect(shortcutLabel('mod+z', false)).toBe('Ctrl+Z');
    expect(shortcutLabel('shift+mod+z', true)).toBe('⇧⌘Z');
    expect(shortcutLabel('shift+mod+z', false)).toBe('Ctrl+Shift+Z');
    expect(shortcutLabel('Delete', false)).toBe('Del');
    expect(shortcutLabel('v', false)).toBe('V');
    expect(shortcutLabel('shift+1', false)).toBe('Shift+1');
  });

  it('reads a trailing plus as the plus key', () => {
    expect(shortcutLabel('mod++', false)).toBe('Ctrl++');
    expect(shortcutLabel('mod+=', true)).toBe('⌘=');
    expect(shortcutLabel('mod+plus', false)).toBe('Ctrl++');
  });

  it('lists every shortcut of a command and picks the first for tooltips', () => {
    expect(shortcutLabels(['Delete', 'Backspace'], false)).toEqual(['Del', 'Backspace']);
    expect(primaryShortcut(['mod+y', 'shift+mod+z'])).toBe('mod+y');
    expect(primaryShortcut(undefined)).toBeNull();
  });

  it('detects Apple platforms', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('iPhone')).toBe(true);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
  });
});
