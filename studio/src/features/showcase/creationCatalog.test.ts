/**
 * The showcase covers everything the studio offers (issue 22): every kind and tool on the home page
 * and in the Create menu has a sample file made by the engine, every form a sample for its empty
 * result, and each entry's one name reads the same as the tab or page it opens, in every language.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREATE_GROUPS } from '../../components/layout/navItems.ts';
import { TOOLS } from '../tools/toolDescriptors.ts';
import { AI_SHORTS_FORM, AI_VIDEO_FORMS, AVATAR_FORM, LIP_SYNC_FORM, VIDEO_TOOLS } from '../video-forms/videoForms.ts';
import { CREATION_ENTRIES, FORM_SAMPLES, HOME_KINDS, HOME_TOOLS } from './creationCatalog.ts';
import manifest from './sampleManifest.json';

const LOCALES = join(import.meta.dirname, '../../locales');
const SAMPLES_DIR = join(import.meta.dirname, 'samples');
type Tree = { [key: string]: string | Tree };
const read = (lang: string, ns: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as Tree;
const lookup = (tree: Tree, key: string) => key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
const samples: Record<string, { kind: string; media: string; file: string; poster?: string; prompt: string }> = manifest.samples;

describe('the showcase', () => {
  const menu = CREATE_GROUPS.flatMap((group) => group.items.map((item) => item.id));
  const listed = [...new Set([...HOME_KINDS, ...HOME_TOOLS, ...menu])];

  it('has a sample file for every kind and tool on the home page and in the Create menu', () => {
    expect(listed.length).toBeGreaterThanOrEqual(13 + 11);
    for (const id of listed) {
      const entry = samples[id];
      expect(entry, `${id} has no sample: run npm run samples`).toBeDefined();
      for (const file of [entry!.file, entry!.poster].filter((f): f is string => Boolean(f))) expect(existsSync(join(SAMPLES_DIR, file)), file).toBe(true);
      expect(entry!.media === 'video' ? entry!.file.endsWith('.mp4') && entry!.poster?.endsWith('.webp') : entry!.file.endsWith('.webp'), id).toBe(true);
    }
  });

  it('ships small files: every sample under 400 kB, all of them under 3.5 MB', () => {
    const sizes = readdirSync(SAMPLES_DIR).map((name) => [name, readFileSync(join(SAMPLES_DIR, name)).byteLength] as const);
    for (const [name, size] of sizes) expect(size, name).toBeLessThan(400_000);
    expect(sizes.reduce((sum, [, size]) => sum + size, 0)).toBeLessThan(3_500_000);
  });

  it('puts every kind and tool in the Create menu, once', () => {
    expect(menu.toSorted()).toEqual(CREATION_ENTRIES.map((entry) => entry.id).toSorted());
    expect(new Set(menu).size).toBe(menu.length);
  });

  it('shows a sample in the empty result of every form', () => {
    const forms = [...AI_VIDEO_FORMS, ...VIDEO_TOOLS, AVATAR_FORM, LIP_SYNC_FORM, AI_SHORTS_FORM].map((form) => form.id);
    for (const id of [...forms, ...TOOLS.map((tool) => tool.slug)]) expect(samples[FORM_SAMPLES[id] ?? ''], id).toBeDefined();
  });

  it('names each entry as the tab or page it opens, in every language', () => {
    const mismatches: string[] = [];
    for (const lang of readdirSync(LOCALES)) {
      const common = read(lang, 'common');
      for (const entry of CREATION_ENTRIES) {
        const name = lookup(common, `nav.${entry.id}`);
        expect(typeof name, `${lang} nav.${entry.id}`).toBe('string');
        if (!entry.titleKey) continue;
        const [ns, key] = entry.titleKey.split(':') as [string, string];
        const title = lookup(read(lang, ns), key);
        if (name !== title) mismatches.push(`${lang}: nav.${entry.id} "${String(name)}" ≠ ${entry.titleKey} "${String(title)}"`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
