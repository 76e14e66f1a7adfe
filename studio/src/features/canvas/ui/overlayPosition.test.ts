import { describe, expect, it } from 'vitest';
import { actionBarPosition, cardPosition, toScreenRect } from './overlayPosition.ts';

const STAGE = { width: 1000, height: 700 };

describe('toScreenRect', () => {
  it('maps canvas units to container pixels with the camera', () => {
    expect(toScreenRect({ x: 100, y: 50, width: 200, height: 100 }, { x: 50, y: 0, zoom: 2 })).toEqual({ x: 100, y: 100, width: 400, height: 200 });
  });
});

describe('actionBarPosition (the bar above the selection)', () => {
  it('sits centred above the selection', () => {
    expect(actionBarPosition({ x: 400, y: 300, width: 200, height: 100 }, STAGE, 150)).toEqual({ left: 500, top: 248 });
  });

  it('drops below the selection when the top of the screen is in the way', () => {
    expect(actionBarPosition({ x: 400, y: 10, width: 200, height: 100 }, STAGE, 150).top).toBe(118);
  });

  it('stays on screen when the selection is off to one side or fills the view', () => {
    expect(actionBarPosition({ x: -500, y: 300, width: 100, height: 100 }, STAGE, 150).left).toBe(158);
    expect(actionBarPosition({ x: 2000, y: 300, width: 100, height: 100 }, STAGE, 150).left).toBe(842);
    expect(actionBarPosition({ x: 0, y: 0, width: 1000, height: 700 }, STAGE, 150).top).toBe(8);
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
