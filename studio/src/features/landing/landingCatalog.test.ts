import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findTool } from '../tools/toolDescriptors.ts';
import { AI_VIDEO_FORMS, AVATAR_FORM, LIP_SYNC_FORM } from '../video-forms/videoForms.ts';
import { findLanding, LANDINGS, landingKeys, withPrompt } from './landingCatalog.ts';

type Tree = { [key: string]: string | Tree };
const en = JSON.parse(readFileSync(join(import.meta.dirname, '../../locales/en/landing.json'), 'utf8')) as Tree;

function lookup(tree: Tree, key: string): string | Tree | undefined {
  return key.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), tree);
}

/**
 * The app routes a try-it link may open: read from router.tsx's source rather than importing
 * it, which would pull in the whole app shell. `*` (the 404) is left out on purpose.
 */
const routerSource = readFileSync(join(import.meta.dirname, '../../app/router.tsx'), 'utf8');
const appRoutes: RouteObject[] = [...routerSource.matchAll(/\{ path: '([^']+)'/g)]
  .map((m) => m[1] as string)
  .filter((path) => path !== '*')
  .map((path) => ({ path: `/${path}` }));

describe('landing catalogue', () => {
  it('has unique slugs per kind', () => {
    const ids = LANDINGS.map((l) => `${l.kind}/${l.slug}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(LANDINGS.map((l) => [`${l.kind}/${l.slug}`, l] as const))('%s: every text it reads is in en/landing.json', (_id, landing) => {
    for (const key of landingKeys(landing)) {
      const value = lookup(en, key);
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it.each(LANDINGS.map((l) => [`${l.kind}/${l.slug}`, l] as const))('%s: try it and example links open app routes', (_id, landing) => {
    const paths = [landing.tryIt, ...landing.examples.flatMap((e) => (e.to ? [e.to] : []))];
    for (const path of paths) {
      const pathname = path.split('?')[0] as string;
      expect(pathname, path).toMatch(/^\/app\//);
      expect(matchRoutes(appRoutes, pathname), path).not.toBeNull();
    }
  });

  it('opens the real image tools for the tool pages', () => {
    for (const landing of LANDINGS.filter((l) => l.kind === 'tool' || l.tryIt.startsWith('/app/ai-tools/'))) {
      const slug = landing.tryIt.split('/').pop();
      expect(findTool(slug), landing.tryIt).toBeDefined();
    }
    for (const example of LANDINGS.flatMap((l) => l.examples)) {
      if (example.to?.startsWith('/app/ai-tools/')) expect(findTool(example.to.split('/').pop()), example.to).toBeDefined();
    }
  });

  it('offers "use this prompt" only where the form reads ?prompt=', () => {
    for (const landing of LANDINGS.filter((l) => l.acceptsPrompt)) {
      expect(landing.tryIt.split('?')[0]).toBe('/app/ai-image');
      expect(landing.status).toBe('available');
    }
  });

  it('sends the video pages, now available, to forms their page has (`?kind=` picks the tab)', () => {
    // The tabs of /app/ai-video and /app/ai-avatar (FormSwitcher falls back to the first on an unknown kind).
    const tabs: Record<string, string[]> = {
      '/app/ai-video': AI_VIDEO_FORMS.map((f) => f.id),
      '/app/ai-avatar': [AVATAR_FORM.id, LIP_SYNC_FORM.id],
    };
    const video = LANDINGS.filter((l) => ['ai-video', 'ai-avatar', 'ai-shorts', 'text-to-video', 'image-to-video'].includes(l.slug));
    expect(video).toHaveLength(5);
    for (const landing of video) {
      expect(landing.status, landing.slug).toBe('available');
      for (const path of [landing.tryIt, ...landing.examples.flatMap((e) => (e.to ? [e.to] : []))]) {
        const [pathname, query] = path.split('?') as [string, string | undefined];
        const kind = new URLSearchParams(query).get('kind');
        if (kind) expect(tabs[pathname], path).toContain(kind);
      }
    }
    expect(findLanding('videoModel', 'text-to-video')?.tryIt).toBe('/app/ai-video?kind=text');
    expect(findLanding('videoModel', 'image-to-video')?.tryIt).toBe('/app/ai-video?kind=image');
  });

  it('finds pages by kind and slug, and nothing else', () => {
    expect(findLanding('tool', 'upscaler')?.tryIt).toBe('/app/ai-tools/upscaler');
    expect(findLanding('tool', 'background-remover')?.tryIt).toBe('/app/ai-tools/background-remover');
    expect(findLanding('imageModel', 'upscaler')).toBeUndefined();
    expect(findLanding('videoModel', 'nope')).toBeUndefined();
    expect(findLanding('videoModel', undefined)).toBeUndefined();
  });

  it('adds the prompt to the try-it path, keeping its query', () => {
    expect(withPrompt('/app/ai-image', 'a red fox & a hare')).toBe('/app/ai-image?prompt=a%20red%20fox%20%26%20a%20hare');
    expect(withPrompt('/app/ai-image?mode=image', 'noir')).toBe('/app/ai-image?mode=image&prompt=noir');
  });
});
