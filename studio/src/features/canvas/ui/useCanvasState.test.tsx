// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Observable } from '../engine/subscribable.ts';
import { useCanvasState } from './useCanvasState.ts';

class Counter extends Observable {
  zoom = 1;
  x = 0;
  set(patch: Partial<{ zoom: number; x: number }>) {
    Object.assign(this, patch);
    this.notify();
  }
}

afterEach(cleanup);

describe('useCanvasState (panels reading engine modules)', () => {
  it('re-renders when the selected value changes, not on every change of the module', () => {
    const source = new Counter();
    let renders = 0;
    function Zoom() {
      renders++;
      const zoom = useCanvasState(source, () => source.zoom);
      return <span data-testid="zoom">{zoom}</span>;
    }
    const view = render(<Zoom />);
    expect(view.getByTestId('zoom').textContent).toBe('1');
    const before = renders;
    act(() => source.set({ x: 10 }));
    act(() => source.set({ x: 20 }));
    expect(renders).toBe(before);
    act(() => source.set({ zoom: 2 }));
    expect(view.getByTestId('zoom').textContent).toBe('2');
  });

  it('reads with the latest props', () => {
    const source = new Counter();
    function Scaled({ by }: { by: number }) {
      return <span data-testid="v">{useCanvasState(source, () => source.zoom * by)}</span>;
    }
    const view = render(<Scaled by={2} />);
    expect(view.getByTestId('v').textContent).toBe('2');
    view.rerender(<Scaled by={3} />);
    expect(view.getByTestId('v').textContent).toBe('3');
  });

  it('stops listening on unmount', () => {
    const source = new Counter();
    let active = 0;
    const subscribe = source.subscribe.bind(source);
    source.subscribe = (listener) => {
      active++;
      const off = subscribe(listener);
      return () => {
        active--;
        off();
      };
    };
    function Zoom() {
      return <span>{useCanvasState(source, () => source.zoom)}</span>;
    }
    const view = render(<Zoom />);
    expect(active).toBe(1);
    view.unmount();
    expect(active).toBe(0);
  });
});
