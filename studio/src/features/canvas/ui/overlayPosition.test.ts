import { describe, expect, it } from 'vitest';
import { actionBarLayout, cardPosition, toolbarColumns, toolbarHeight, toScreenRect } from './overlayPosition.ts';

const STAGE = { width: 1000, height: 700 };

describe('toScreenRect', () => {
  it('maps canvas units to container pixels with the camera', () => {
    expect(toScreenRect({ x: 100, y: 50, width: 200, height: 100 }, { x: 50, y: 0, zoom: 2 })).toEqual({ x: 100, y: 100, width: 400, height: 200 });
  });
});

describe('actionBarLayout (the bar above the selection)', () => {
  // 9 buttons: 9 × 32 + 8 × 2 + 10 = 314 wide, 42 high.
  const box = (l: { left: number; top: number; width: number; height: number }) => ({ x: l.left, y: l.top, width: l.width, height: l.height });
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('sits centred above the selection', () => {
    expect(actionBarLayout({ x: 400, y: 300, width: 200, height: 100 }, STAGE, 9)).toEqual({ left: 343, top: 250, width: 314, height: 42, columns: 9 });
  });

  it('drops below the selection when the top of the screen is in the way', () => {
    expect(actionBarLayout({ x: 400, y: 10, width: 200, height: 100 }, STAGE, 9).top).toBe(118);
  });

  it('stays on screen when the selection is off to one side or fills the view', () => {
    expect(actionBarLayout({ x: -500, y: 300, width: 100, height: 100 }, STAGE, 9).left).toBe(8);
    expect(actionBarLayout({ x: 2000, y: 300, width: 100, height: 100 }, STAGE, 9).left).toBe(1000 - 8 - 314);
    expect(actionBarLayout({ x: 0, y: 0, width: 1000, height: 700 }, STAGE, 9).top).toBe(8);
  });

  it('keeps off the toolbar at the start side (LTR) for an image at the top left', () => {
    const toolbar = { x: 12, y: 77, width: 46, height: 557 };
    const layout = actionBarLayout({ x: 12, y: 14, width: 256, height: 192 }, STAGE, 9, toolbar);
    expect(overlaps(box(layout), toolbar)).toBe(false);
    expect(layout.left).toBe(12 + 46 + 8);
    expect(layout.columns).toBe(9);
  });

  it('keeps off the toolbar at the end side (RTL)', () => {
    const toolbar = { x: 942, y: 77, width: 46, height: 557 };
    const layout = actionBarLayout({ x: 700, y: 14, width: 290, height: 192 }, STAGE, 9, toolbar);
    expect(overlaps(box(layout), toolbar)).toBe(false);
    expect(layout.left + layout.width).toBe(942 - 8);
  });

  it('fits beside the toolbar on a 390-px phone, and wraps into rows on a narrower one', () => {
    expect(actionBarLayout({ x: 12, y: 14, width: 256, height: 192 }, { width: 390, height: 428 }, 9, { x: 12, y: 10, width: 46, height: 400 })).toMatchObject({ left: 66, columns: 9 });
    const phone = { width: 360, height: 428 };
    const toolbar = { x: 12, y: 10, width: 46, height: 400 };
    const layout = actionBarLayout({ x: 12, y: 14, width: 256, height: 192 }, phone, 9, toolbar);
    expect(overlaps(box(layout), toolbar)).toBe(false);
    expect(layout.columns).toBe(8);
    expect(layout.height).toBe(2 * 32 + 2 + 10);
    expect(layout.left + layout.width).toBeLessThanOrEqual(360 - 8);
  });
});

describe('cardPosition (action forms near their node)', () => {
  const card = { width: 360, height: 200 };

  it('opens below the node when it fits', () => {
    expect(cardPosition({ x: 400, y: 100, width: 200, height: 200 }, STAGE, card)).toEqual({ left: 500, top: 312 });
  });

  it('opens above the node near the bottom of the view', () => {
    expect(cardPosition({ x: 400, y: 400, width: 200, height: 200 }, STAGE, card)).toEqual({ left: 500, bottom: 312 });
  });

  it('pins to the bottom when neither fits, or with no node', () => {
    expect(cardPosition({ x: 0, y: 0, width: 1000, height: 700 }, STAGE, card)).toEqual({ left: 500, bottom: 16 });
    expect(cardPosition(null, STAGE, card)).toEqual({ left: 500, bottom: 16 });
  });
});

describe('toolbarColumns (the toolbar never cut off)', () => {
  it('is one column on a tall stage and flows into more as the stage gets shorter', () => {
    expect(toolbarHeight(1)).toBe(581);
    expect(toolbarColumns(712)).toBe(1);
    // 1366×768 with the timeline open leaves a 352-px stage.
    expect(toolbarColumns(352)).toBe(3);
    expect(toolbarHeight(3)).toBeLessThanOrEqual(352 - 24);
    // A phone with the timeline open (428 px).
    expect(toolbarColumns(428)).toBe(2);
    expect(toolbarHeight(2)).toBeLessThanOrEqual(428 - 24);
  });

  it('stops at four columns on a very short stage (it scrolls then)', () => {
    expect(toolbarColumns(120)).toBe(4);
  });
});
