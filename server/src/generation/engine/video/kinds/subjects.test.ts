import { describe, expect, it } from 'vitest';
import { motionExpressions, placeSubjects, subjectMotionFor } from './subjects.ts';

/** Evaluates an overlay position expression at time `t`, as ffmpeg would. */
function at(expression: string, t: number): number {
  return new Function('sin', 'cos', 'abs', 'PI', 't', `return ${expression};`)(Math.sin, Math.cos, Math.abs, Math.PI, t) as number;
}

const size = { width: 854, height: 480 };

describe('consistent character', () => {
  it('walks the subjects when the prompt has them walking, otherwise lets them idle', () => {
    expect(subjectMotionFor('two friends walking through a park')).toBe('walk');
    expect(subjectMotionFor('a knight runs across the field')).toBe('walk');
    expect(subjectMotionFor('a portrait in a cafe at dawn')).toBe('idle');
  });

  it('stands one to four subjects side by side inside the frame, feet on the ground, none overlapping', () => {
    const shapes = [
      { width: 300, height: 900, cut: 'person' as const },
      { width: 800, height: 400, cut: 'object' as const },
      { width: 500, height: 500, cut: 'whole' as const },
      { width: 200, height: 600, cut: 'person' as const },
    ];
    for (let count = 1; count <= 4; count++) {
      const places = placeSubjects(shapes.slice(0, count), size);
      places.forEach((p, i) => {
        const shape = shapes[i]!;
        expect(p.x).toBeGreaterThanOrEqual(0);
        expect(p.x + p.width).toBeLessThanOrEqual(size.width);
        expect(p.y).toBeGreaterThanOrEqual(0);
        // the subject keeps its shape
        expect(p.width / p.height).toBeCloseTo(shape.width / shape.height, 1);
        if (shape.cut !== 'whole') expect(p.y + p.height).toBe(Math.round(size.height * 0.95));
        if (i > 0) expect(p.x).toBeGreaterThanOrEqual(places[i - 1]!.x + places[i - 1]!.width);
      });
    }
  });

  it('walks neighbours opposite ways across an eighth of the frame, bouncing a little with each step', () => {
    const [a, b] = placeSubjects([{ width: 300, height: 900, cut: 'person' }, { width: 300, height: 900, cut: 'person' }], size);
    const first = motionExpressions('walk', a!, 0, size, 5);
    const second = motionExpressions('walk', b!, 1, size, 5);
    expect(at(first.x, 5) - at(first.x, 0)).toBeCloseTo(size.width / 8, 3);
    expect(at(second.x, 5) - at(second.x, 0)).toBeCloseTo(-size.width / 8, 3);
    const heights = Array.from({ length: 50 }, (_, i) => at(first.y, i / 10));
    expect(Math.max(...heights)).toBeLessThanOrEqual(a!.y + 1e-9);
    expect(a!.y - Math.min(...heights)).toBeGreaterThan(a!.height * 0.02);
    expect(a!.y - Math.min(...heights)).toBeLessThanOrEqual(a!.height * 0.025 + 1e-9);
  });

  it('keeps idle subjects near their place, out of step with one another', () => {
    const [a] = placeSubjects([{ width: 300, height: 900, cut: 'person' }], size);
    const one = motionExpressions('idle', a!, 0, size, 10);
    const two = motionExpressions('idle', a!, 1, size, 10);
    for (let t = 0; t <= 10; t += 0.25) {
      expect(Math.abs(at(one.x, t) - a!.x)).toBeLessThanOrEqual(size.width * 0.012 + 1e-9);
      expect(a!.y - at(one.y, t)).toBeLessThanOrEqual(a!.height * 0.024 + 1e-9);
    }
    expect(at(one.x, 1)).not.toBeCloseTo(at(two.x, 1), 1);
  });
});
