// @vitest-environment jsdom
import { parseAnalyticsEvent } from '@tessera/shared/analytics';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFeedTracker, type FeedContent, useFeedTracking } from './useFeedTracking.ts';
import { getTracker } from './tracker.ts';

const video: FeedContent = { content_id: 'c1', content_media_type: 'video', content_tags: ['cats'], author_id: 'u9' };

describe('feed_view / feed_leave', () => {
  it('views an item once while it stays in view and leaves it with the time it stayed', () => {
    let now = 0;
    const sent: [string, unknown][] = [];
    const feed = createFeedTracker('explore', { track: (name, props) => void sent.push([name, props]) }, () => now);
    feed.view(video);
    feed.view(video);
    now = 2_500;
    feed.leave('c1');
    feed.leave('c1');
    expect(sent).toEqual([
      ['feed_view', { feed_name: 'explore', ...video }],
      ['feed_leave', { feed_name: 'explore', ...video, stay_time: 2_500 }],
    ]);
  });
});

/** IntersectionObserver is a browser edge jsdom lacks: a stand-in the test drives by hand. */
class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | null = null;
  readonly targets = new Set<Element>();
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.last = this;
  }
  observe(el: Element) {
    this.targets.add(el);
  }
  unobserve(el: Element) {
    this.targets.delete(el);
  }
  disconnect() {
    this.targets.clear();
  }
  show(el: Element, ratio: number) {
    this.callback([{ target: el, isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
  }
}

describe('useFeedTracking', () => {
  afterEach(() => {
    getTracker().dispose();
    vi.unstubAllGlobals();
  });

  it('sends valid feed events as items scroll in and out, and leaves what is in view on unmount', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    function Feed() {
      const feed = useFeedTracking('explore');
      return (
        <ul>
          <li ref={feed.itemRef(video)} data-testid="c1" />
          <li ref={feed.itemRef({ ...video, content_id: 'c2', content_media_type: 'image' })} data-testid="c2" />
        </ul>
      );
    }
    const view = render(<Feed />);
    const io = FakeIntersectionObserver.last!;
    io.show(view.getByTestId('c1'), 0.3); // less than half: not a view
    io.show(view.getByTestId('c1'), 0.8);
    io.show(view.getByTestId('c2'), 1);
    io.show(view.getByTestId('c1'), 0);
    view.unmount();
    const events = getTracker().pending();
    expect(events.map((e) => `${e.event}:${String(e.props.content_id)}`)).toEqual(['feed_view:c1', 'feed_view:c2', 'feed_leave:c1', 'feed_leave:c2']);
    for (const event of events) expect(parseAnalyticsEvent(event)).toMatchObject({ ok: true });
  });
});
