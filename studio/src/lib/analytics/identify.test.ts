// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { observeSession } from './identify.ts';
import { getTracker } from './tracker.ts';

const identifies = () =>
  getTracker()
    .pending()
    .filter((e) => e.event === 'identify')
    .map((e) => e.props);

beforeEach(() => sessionStorage.clear());
afterEach(() => getTracker().dispose());

describe('identify: binding the anonymous id on sign-in', () => {
  it('fires once when an anonymous session becomes signed in, with the anonymous id', () => {
    observeSession('none', null);
    observeSession('anonymous', 'anon-7');
    expect(identifies()).toEqual([]);
    expect(observeSession('signedIn', 'user-1')).toBe(true);
    // Re-renders, StrictMode's second effect run and a reload of the signed-in page do not repeat it.
    expect(observeSession('signedIn', 'user-1')).toBe(false);
    expect(observeSession('signedIn', 'user-1')).toBe(false);
    expect(identifies()).toEqual([{ previous_anonymous_id: 'anon-7' }]);
  });

  it('fires after no session at all, with no anonymous id to bind', () => {
    observeSession('none', null);
    observeSession('signedIn', 'user-2');
    expect(identifies()).toEqual([{ previous_anonymous_id: null }]);
  });

  it('does not fire for a tab that opens already signed in, and fires again after sign-out and a new sign-in', () => {
    observeSession('signedIn', 'user-3');
    expect(identifies()).toEqual([]);
    observeSession('none', null);
    observeSession('anonymous', 'anon-8');
    observeSession('signedIn', 'user-3');
    expect(identifies()).toEqual([{ previous_anonymous_id: 'anon-8' }]);
  });
});
