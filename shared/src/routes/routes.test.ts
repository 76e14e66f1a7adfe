import { describe, expect, it } from 'vitest';
import { alternateLinks, canonicalPath, canonicalUrl, classifyHost, hostPolicy, navSection, stripSitePrefix } from './routes.ts';

describe('navSection (§2 highlighting)', () => {
  it.each(['/explore', '/all', '/video', '/ai-effects', '/image', '/loras', '/lora-detail', '/tag-detail', '/lora-detail/abc', '/tag-detail/cats', '/video/123', '/author/abc', '/flows'])(
    'highlights explore for %s',
    (path) => {
      expect(navSection(path)).toBe('explore');
      expect(navSection(`/de${path}`)).toBe('explore');
    },
  );

  it('highlights the API platform explore for /api-platform/*, not the API page', () => {
    expect(navSection('/api-platform/models')).toBe('apiPlatform');
    expect(navSection('/api-platform')).toBe('apiPlatform');
    expect(navSection('/api')).toBe('api');
  });

  it.each(['/app/image-tools', '/app/tool', '/app/tool/upscale', '/app/image-generators', '/app/ai-tools/upscale'])('highlights the tool section for %s', (path) => {
    expect(navSection(path)).toBe('tools');
  });

  it('gives pro effects and video effects their own sections', () => {
    expect(navSection('/app/pro-effects')).toBe('proEffects');
    expect(navSection('/app/pro-effects/glitch')).toBe('proEffects');
    expect(navSection('/video-effects/melt')).toBe('videoEffects');
    expect(navSection('/ja/video-effects')).toBe('videoEffects');
  });

  it('maps /ai-product-avatar to the avatar section', () => {
    expect(navSection('/ai-product-avatar')).toBe(navSection('/ai-avatar'));
    expect(navSection('/ai-avatar')).toBe('aiAvatar');
  });

  it('matches whole segments only', () => {
    expect(navSection('/videos')).toBeNull();
    expect(navSection('/video-effects')).not.toBe('explore');
    expect(navSection('/imagery')).toBeNull();
  });

  it('ignores query, hash and a trailing slash', () => {
    expect(navSection('/explore/?tab=video')).toBe('explore');
    expect(navSection('/pricing#faq')).toBe('pricing');
  });

  it('highlights home on the root and /home in any language', () => {
    expect(navSection('/')).toBe('home');
    expect(navSection('/fr')).toBe('home');
    expect(navSection('/home')).toBe('home');
    expect(navSection('/sign-in')).toBeNull();
  });
});

describe('canonical URLs (§2)', () => {
  it('shows /app/pro-effects as /pro-effects', () => {
    expect(canonicalPath('/app/pro-effects')).toBe('/pro-effects');
    expect(canonicalPath('/app/pro-effects/glitch')).toBe('/pro-effects/glitch');
    expect(canonicalPath('/de/app/pro-effects/glitch')).toBe('/de/pro-effects/glitch');
  });

  it('prefixes non-English languages and leaves English bare', () => {
    expect(canonicalPath('/pricing', 'en')).toBe('/pricing');
    expect(canonicalPath('/pricing', 'ko')).toBe('/ko/pricing');
    expect(canonicalPath('/ko/pricing', 'en')).toBe('/pricing');
    expect(canonicalPath('/ko/pricing')).toBe('/ko/pricing');
    expect(canonicalPath('/', 'tw')).toBe('/tw');
  });

  it('drops query, hash and trailing slashes and resolves aliases', () => {
    expect(canonicalPath('/explore/?tab=1#x')).toBe('/explore');
    expect(canonicalPath('/ai-product-avatar')).toBe('/ai-avatar');
  });

  it('builds absolute URLs and an alternate per language plus x-default', () => {
    expect(canonicalUrl('https://tessera.dev/', '/app/pro-effects', 'ar')).toBe('https://tessera.dev/ar/pro-effects');
    const links = alternateLinks('https://tessera.dev', '/de/pricing');
    expect(links).toHaveLength(20);
    expect(links).toContainEqual({ hreflang: 'en', href: 'https://tessera.dev/pricing' });
    expect(links).toContainEqual({ hreflang: 'zh-Hant', href: 'https://tessera.dev/tw/pricing' });
    expect(links.at(-1)).toEqual({ hreflang: 'x-default', href: 'https://tessera.dev/pricing' });
  });
});

describe('stripSitePrefix (§2)', () => {
  it('strips a whole leading segment only', () => {
    expect(stripSitePrefix('/studio/app/ai-image', '/studio')).toBe('/app/ai-image');
    expect(stripSitePrefix('/studio', '/studio/')).toBe('/');
    expect(stripSitePrefix('/studios/x', '/studio')).toBe('/studios/x');
    expect(stripSitePrefix('/app', 'studio')).toBe('/app');
    expect(stripSitePrefix('/app', undefined)).toBe('/app');
    expect(stripSitePrefix('/app', '/')).toBe('/app');
  });
});

describe('classifyHost (§9)', () => {
  it.each([
    ['tessera.dev', 'production'],
    ['www.tessera.dev', 'production'],
    ['app.tessera.dev:443', 'production'],
    ['localhost:3000', 'dev'],
    ['127.0.0.1:5173', 'dev'],
    ['[::1]:3000', 'dev'],
    ['192.168.1.20', 'dev'],
    ['tessera.local', 'dev'],
    ['dev.tessera.dev', 'dev'],
    ['test.tessera.dev', 'test'],
    ['staging.tessera.dev', 'test'],
    ['tessera.test', 'test'],
    ['preview.tessera.dev', 'preview'],
    ['pr-42.tessera.dev', 'preview'],
    ['tessera-git-feature.vercel.app', 'preview'],
  ] as const)('%s is %s', (host, cls) => {
    expect(classifyHost(host)).toBe(cls);
  });

  it('lets only production be indexed and reach the tag manager', () => {
    expect(hostPolicy('production')).toEqual({ indexable: true, analytics: 'tagManager' });
    for (const cls of ['preview', 'dev', 'test'] as const) expect(hostPolicy(cls).indexable).toBe(false);
  });
});
