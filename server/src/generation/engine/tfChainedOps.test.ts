import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadTf, packageFile } from './tf.ts';

/** Every method tfjs-core's chained-op modules declare on Tensor (what the umbrella registers). */
function declaredChainedOps(): string[] {
  const dir = packageFile('@tensorflow/tfjs-core', 'dist/public/chained_ops');
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.d.ts'))) {
    for (const match of readFileSync(`${dir}/${file}`, 'utf8').matchAll(/^ {8}(\w+)(?:<[^>]*>)?\(/gm)) names.add(match[1]!);
  }
  return [...names].sort();
}

describe('tfjs chained ops without the umbrella', () => {
  it('registers every chained op tfjs-core declares', async () => {
    const tf = await loadTf();
    const declared = declaredChainedOps();
    expect(declared.length).toBeGreaterThan(100);
    const proto = tf.Tensor.prototype as unknown as Record<string, unknown>;
    expect(declared.filter((name) => typeof proto[name] !== 'function')).toEqual([]);
  });

  it('calls the ops with the tensor first', async () => {
    const tf = await loadTf();
    // The chained-op typings are not loaded (the engine's code uses the functional ops), so the
    // tensors are seen through the few methods used here.
    interface Chained {
      shape: number[];
      dtype: string;
      dataSync(): Float32Array;
      div(b: number): Chained;
      as2D(rows: number, columns: number): Chained;
      as4D(...shape: number[]): Chained;
      resizeBilinear(size: [number, number]): Chained;
      toFloat(): Chained;
      toInt(): Chained;
      concat(x: unknown): Chained;
      stack(x: unknown): Chained;
      asScalar(): Chained;
    }
    const t = tf.tensor1d([1, 2, 3, 4]) as unknown as Chained;
    expect([...t.div(2).dataSync()]).toEqual([0.5, 1, 1.5, 2]);
    expect(t.as2D(2, 2).shape).toEqual([2, 2]);
    expect(t.as4D(1, 2, 2, 1).resizeBilinear([4, 4]).shape).toEqual([1, 4, 4, 1]);
    expect(t.toFloat().toInt().dtype).toBe('int32');
    expect(t.concat(tf.tensor1d([5])).shape).toEqual([5]);
    expect(t.stack([tf.tensor1d([5, 6, 7, 8])]).shape).toEqual([2, 4]);
    expect(t.asScalar).toBeTypeOf('function');
    expect(() => t.asScalar()).toThrow('only 1 element');
  });
});
