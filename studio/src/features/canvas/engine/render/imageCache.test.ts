// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ImageCache } from './imageCache.ts';

/** jsdom never loads images: the test plays the browser, firing load/error on the elements it made. */
function harness(opts: { maxConcurrent?: number; maxEntries?: number } = {}) {
  const made: HTMLImageElement[] = [];
  const cache = new ImageCache({
    ...opts,
    createImage: () => {
      const img = document.createElement('img');
      made.push(img);
      return img;
    },
  });
  // In the order loads began (sampled after each step of a test).
  const order: HTMLImageElement[] = [];
  const started = () => {
    for (const img of made) if (img.getAttribute('src') && !order.includes(img)) order.push(img);
    return order;
  };
  const finish = (url: string, ok = true) => {
    const img = made.find((i) => i.getAttribute('src') === url);
    if (!img) throw new Error(`${url} was not started`);
    Object.defineProperty(img, 'naturalWidth', { value: 256, configurable: true });
    img.dispatchEvent(new Event(ok ? 'load' : 'error'));
  };
  return { cache, made, started, finish };
}

describe('ImageCache', () => {
  it('loads a URL once however many nodes show it, and tells listeners when it arrives', () => {
    const { cache, made, finish } = harness();
    const heard: string[] = [];
    cache.subscribe((e) => heard.push(`${e.url}:${e.state}`));
    const a = cache.request('/api/media/a');
    const b = cache.request('/api/media/a');
    expect(b).toBe(a);
    expect(made).toHaveLength(1);
    expect(a.image.crossOrigin).toBe('anonymous');
    expect(a.state).toBe('loading');
    finish('/api/media/a');
    expect(a.state).toBe('loaded');
    expect(a.width).toBe(256);
    expect(heard).toEqual(['/api/media/a:loaded']);
    // Asked again after loading: the same element, nothing new.
    expect(cache.request('/api/media/a').image).toBe(a.image);
    expect(made).toHaveLength(1);
  });

  it('retries a failed load a few times with a pause (never on every frame), then shows the error', () => {
    vi.useFakeTimers();
    try {
      const { cache, made, finish } = harness();
      const heard: string[] = [];
      cache.subscribe((e) => heard.push(e.state));
      const entry = cache.request('/broken');
      for (let attempt = 0; attempt < 3; attempt++) {
        finish('/broken', false);
        expect(entry.state).toBe('queued');
        // Drawn again while it waits: no new request.
        cache.request('/broken');
        expect(entry.state).toBe('queued');
        vi.advanceTimersByTime(5000);
        expect(entry.state).toBe('loading');
      }
      finish('/broken', false);
      expect(entry.state).toBe('error');
      expect(cache.request('/broken').state).toBe('error');
      expect(made).toHaveLength(1);
      expect(heard).toEqual(['error']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows an image that becomes readable on a retry (a collaborator’s fresh upload)', () => {
    vi.useFakeTimers();
    try {
      const { cache, finish } = harness();
      const entry = cache.request('/fresh');
      finish('/fresh', false);
      vi.advanceTimersByTime(800);
      finish('/fresh');
      expect(entry.state).toBe('loaded');
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs a few loads at a time, newest request first', () => {
    const { cache, started, finish } = harness({ maxConcurrent: 2 });
    for (const url of ['/1', '/2', '/3', '/4', '/5']) cache.request(url);
    expect(started().map((i) => i.getAttribute('src'))).toEqual(['/1', '/2']);
    // What is on screen now (asked last) comes before what scrolled past.
    finish('/1');
    expect(started().map((i) => i.getAttribute('src'))).toEqual(['/1', '/2', '/5']);
    // Asking again for a queued URL moves it to the front.
    cache.request('/3');
    finish('/2');
    expect(started().map((i) => i.getAttribute('src'))).toEqual(['/1', '/2', '/5', '/3']);
  });

  it('offers the best loaded variant of a source while a sharper one loads', () => {
    const { cache, finish } = harness();
    expect(cache.bestLoaded('/api/media/k')).toBeNull();
    const small = cache.request('/api/media/optimize?key=k&w=128', '/api/media/k');
    finish('/api/media/optimize?key=k&w=128');
    const large = cache.request('/api/media/optimize?key=k&w=1024', '/api/media/k');
    expect(large.state).toBe('loading');
    expect(cache.bestLoaded('/api/media/k')).toBe(small);
  });

  it('resolves load() for exports once the image is ready', async () => {
    const { cache, finish } = harness();
    const pending = cache.load('/frame-child');
    finish('/frame-child');
    await expect(pending).resolves.toMatchObject({ state: 'loaded' });
  });

  it('forgets the least recently used finished images beyond its cap', () => {
    const { cache, finish } = harness({ maxEntries: 10, maxConcurrent: 100 });
    for (let i = 0; i < 10; i++) {
      cache.request(`/img/${i}`);
      finish(`/img/${i}`);
    }
    // Touch 0 so it is recent, then overflow.
    cache.request('/img/0');
    cache.request('/img/10');
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.peek('/img/0')).toBeDefined();
    expect(cache.peek('/img/1')).toBeUndefined();
    expect(cache.peek('/img/10')).toBeDefined();
  });
});
