/**
 * tfjs's chained ops (`tensor.reshape(…)`, `tensor.as4D(…)`, `tensor.div(…)` …) for a process
 * that loads tfjs-core without the `@tensorflow/tfjs` umbrella. The umbrella registers them on the
 * Tensor class as a side effect; tfjs-core's CommonJS build does not, and face-api (written against
 * the umbrella) calls them. Each one calls the tfjs-core op of the same name with the tensor first,
 * as tfjs-core's own `dist/public/chained_ops/*` do; tfChainedOps.test.ts checks this list against
 * that directory, so a tfjs upgrade that adds or renames one is noticed.
 */
import type { Rank, Tensor } from '@tensorflow/tfjs-core';
import type { Tf } from './tf.ts';

/** Chained ops that are `op(this, ...args)` for the tfjs-core op of the same name. */
const PLAIN_CHAINED_OPS = [
  'abs', 'acos', 'acosh', 'add', 'all', 'any', 'argMax', 'argMin', 'asin', 'asinh', 'atan', 'atan2', 'atanh', 'avgPool',
  'batchNorm', 'batchToSpaceND', 'broadcastTo', 'cast', 'ceil', 'clipByValue', 'conv1d', 'conv2d', 'conv2dTranspose', 'cos',
  'cosh', 'cumprod', 'cumsum', 'depthToSpace', 'depthwiseConv2d', 'dilation2d', 'div', 'divNoNan', 'dot', 'elu', 'equal',
  'erf', 'euclideanNorm', 'exp', 'expandDims', 'expm1', 'fft', 'floor', 'floorDiv', 'gather', 'greater', 'greaterEqual',
  'ifft', 'irfft', 'isFinite', 'isInf', 'isNaN', 'leakyRelu', 'less', 'lessEqual', 'localResponseNormalization', 'log',
  'log1p', 'logSigmoid', 'logSoftmax', 'logSumExp', 'logicalAnd', 'logicalNot', 'logicalOr', 'logicalXor', 'matMul', 'max',
  'maxPool', 'maximum', 'mean', 'min', 'minimum', 'mirrorPad', 'mod', 'mul', 'neg', 'norm', 'notEqual', 'oneHot', 'onesLike',
  'pad', 'pool', 'pow', 'prelu', 'prod', 'reciprocal', 'relu', 'relu6', 'reshape', 'reverse', 'rfft', 'round', 'rsqrt', 'selu',
  'separableConv2d', 'sigmoid', 'sign', 'sin', 'sinh', 'slice', 'softmax', 'softplus', 'spaceToBatchND', 'split', 'sqrt',
  'square', 'squaredDifference', 'squeeze', 'step', 'stridedSlice', 'sub', 'sum', 'tan', 'tanh', 'tile', 'topk', 'transpose',
  'unique', 'unsortedSegmentSum', 'unstack', 'zerosLike',
] as const;

/** The chained ops that are not a plain call of the same-named op, by what they do. */
function specialChainedOps(tf: Tf): Record<string, (this: Tensor, ...args: never[]) => unknown> {
  const others = (x: Tensor | Tensor[]): Tensor[] => (x instanceof tf.Tensor ? [x] : x);
  return {
    // image ops live in tf.image
    resizeBilinear(size: [number, number], alignCorners?: boolean) {
      return tf.image.resizeBilinear(this as Tensor<Rank.R3>, size, alignCorners);
    },
    resizeNearestNeighbor(size: [number, number], alignCorners?: boolean) {
      return tf.image.resizeNearestNeighbor(this as Tensor<Rank.R3>, size, alignCorners);
    },
    // reshapes
    as1D() {
      return tf.reshape(this, [this.size]);
    },
    flatten() {
      return tf.reshape(this, [this.size]);
    },
    as2D: asShape(tf),
    as3D: asShape(tf),
    as4D: asShape(tf),
    as5D: asShape(tf),
    asScalar() {
      if (this.size !== 1) throw new Error('The array must have only 1 element.');
      return tf.reshape(this, []);
    },
    reshapeAs(x: Tensor) {
      return tf.reshape(this, x.shape);
    },
    // casts
    asType(dtype: Tensor['dtype']) {
      return tf.cast(this, dtype);
    },
    toBool() {
      return tf.cast(this, 'bool');
    },
    toFloat() {
      return tf.cast(this, 'float32');
    },
    toInt() {
      return tf.cast(this, 'int32');
    },
    // the tensor is one of several
    concat(x: Tensor | Tensor[], axis?: number) {
      return tf.concat([this, ...others(x)], axis);
    },
    stack(x: Tensor | Tensor[], axis?: number) {
      return tf.stack([this, ...others(x)], axis);
    },
    where(condition: Tensor, x: Tensor) {
      return tf.where(condition, this, x);
    },
  };
}

function asShape(tf: Tf) {
  return function (this: Tensor, ...shape: number[]) {
    return tf.reshape(this, shape);
  };
}

/** Puts the chained ops on tfjs-core's Tensor class, unless they are there already. */
export function registerChainedOps(tf: Tf): void {
  const proto = tf.Tensor.prototype as unknown as Record<string, unknown>;
  if (typeof proto.reshape === 'function') return;
  const ops = tf as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of PLAIN_CHAINED_OPS) {
    const op = ops[name];
    if (typeof op !== 'function') throw new Error(`tfjs-core has no op ${name}`);
    proto[name] = function (this: Tensor, ...args: unknown[]) {
      this.throwIfDisposed();
      return op(this, ...args);
    };
  }
  for (const [name, method] of Object.entries(specialChainedOps(tf))) {
    proto[name] = function (this: Tensor, ...args: never[]) {
      this.throwIfDisposed();
      return method.apply(this, args);
    };
  }
}
