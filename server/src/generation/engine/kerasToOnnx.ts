/**
 * Converts a tfjs layers model (a Keras functional model as `model.json` plus its float32 weight
 * shards) to an ONNX model, for the few layer kinds the ESRGAN-slim (RDN) upscalers use: Conv2D
 * (linear or ReLU, stride 1), Activation (ReLU), Concatenate, Add and nearest UpSampling2D. Anything
 * else throws, so a model this does not understand is never converted half-right.
 *
 * The ONNX graph is channel-first (NCHW in and out, as onnxruntime's CPU kernels want it): Keras'
 * HWIO kernels become OIHW initializers and its channel axis (3, or -1) becomes 1. A nearest
 * UpSampling2D by `s` followed by a "same" convolution (the models' last two layers) is rewritten
 * as the equivalent convolution on the low-resolution map with `s²` times the output channels and
 * a DepthToSpace (CRD) — the same numbers, without the `s²`-times larger upsampled feature map (at
 * 4× a 512-px tile's would be 0.8 GB).
 *
 * The protobuf is written here by hand: the handful of ONNX messages needed (field numbers from
 * onnx.proto) do not justify a protobuf library. `scripts/esrgan-to-onnx.ts` runs it.
 */

/** The parts of a tfjs `model.json` read here. */
export interface LayersModelJson {
  modelTopology: {
    model_config: {
      class_name: string;
      config: {
        layers: KerasLayer[];
        input_layers: [string, number, number][];
        output_layers: [string, number, number][];
      };
    };
  };
  weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string; quantization?: unknown }[] }[];
}

interface KerasLayer {
  class_name: string;
  name: string;
  config: Record<string, unknown>;
  inbound_nodes: [string, number, number, unknown][][];
}

// ---- protobuf wire format ------------------------------------------------------------------

type Bytes = Uint8Array;
const utf8 = new TextEncoder();

function varint(value: number | bigint): Bytes {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? byte | 0x80 : byte);
  } while (v);
  return Uint8Array.from(out);
}

const concatBytes = (parts: Bytes[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** A varint field (wire type 0). */
const intField = (field: number, value: number): Bytes => concatBytes([varint(field << 3), varint(value)]);
/** A length-delimited field (wire type 2): a string, bytes, an embedded message or a packed list. */
const bytesField = (field: number, payload: Bytes | string): Bytes => {
  const bytes = typeof payload === 'string' ? utf8.encode(payload) : payload;
  return concatBytes([varint((field << 3) | 2), varint(bytes.length), bytes]);
};
const packedInts = (field: number, values: readonly number[]): Bytes => bytesField(field, concatBytes(values.map(varint)));

// ---- ONNX messages (onnx.proto field numbers) -----------------------------------------------

const FLOAT = 1; // TensorProto.DataType.FLOAT
const ATTR_INT = 2;
const ATTR_STRING = 3;
const ATTR_INTS = 7;

type Attribute = number | string | readonly number[];

function attribute(name: string, value: Attribute): Bytes {
  // AttributeProto: name 1, i 3, s 4, ints 8, type 20.
  if (typeof value === 'number') return concatBytes([bytesField(1, name), intField(3, value), intField(20, ATTR_INT)]);
  if (typeof value === 'string') return concatBytes([bytesField(1, name), bytesField(4, value), intField(20, ATTR_STRING)]);
  return concatBytes([bytesField(1, name), packedInts(8, value), intField(20, ATTR_INTS)]);
}

function node(opType: string, name: string, inputs: string[], output: string, attrs: Record<string, Attribute> = {}): Bytes {
  // NodeProto: input 1, output 2, name 3, op_type 4, attribute 5.
  return concatBytes([
    ...inputs.map((i) => bytesField(1, i)),
    bytesField(2, output),
    bytesField(3, name),
    bytesField(4, opType),
    ...Object.entries(attrs).map(([k, v]) => bytesField(5, attribute(k, v))),
  ]);
}

function initializer(name: string, dims: readonly number[], data: Float32Array): Bytes {
  // TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian, as Float32Array is here).
  const raw = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return concatBytes([packedInts(1, dims), intField(2, FLOAT), bytesField(8, name), bytesField(9, raw)]);
}

/** A float32 [1, channels, height, width] value; height and width symbolic (`${prefix}height` …). */
function imageValue(name: string, channels: number, prefix = ''): Bytes {
  // ValueInfoProto: name 1, type 2 → TypeProto.tensor_type 1 → elem_type 1, shape 2 → dim 1 → dim_value 1 / dim_param 2.
  const dims = [intField(1, 1), intField(1, channels), bytesField(2, `${prefix}height`), bytesField(2, `${prefix}width`)].map((d) => bytesField(1, d));
  const tensorType = concatBytes([intField(1, FLOAT), bytesField(2, concatBytes(dims))]);
  return concatBytes([bytesField(1, name), bytesField(2, bytesField(1, tensorType))]);
}

// ---- conversion ---------------------------------------------------------------------------

/** Keras' HWIO kernel [kh, kw, in, out] as ONNX's OIHW [out, in, kh, kw]. */
function hwioToOihw(kernel: Float32Array, [kh, kw, cin, cout]: number[]): Float32Array {
  const out = new Float32Array(kernel.length);
  for (let y = 0; y < kh!; y++) {
    for (let x = 0; x < kw!; x++) {
      for (let i = 0; i < cin!; i++) {
        for (let o = 0; o < cout!; o++) out[((o * cin! + i) * kh! + y) * kw! + x] = kernel[((y * kw! + x) * cin! + i) * cout! + o]!;
      }
    }
  }
  return out;
}

/**
 * The convolution on the low-resolution map equal to a "same" k×k convolution (HWIO `kernel`)
 * after a nearest upsampling by `s`, with output channel `o·s² + py·s + px` holding output channel
 * `o` at phase (py, px) — DepthToSpace's CRD order. An upsampled pixel s·i + p, shifted by
 * d ∈ [-r, r], reads low-resolution pixel i + ⌊(p + d) / s⌋; the taps that land on the same one
 * add up. The zero padding agrees: a tap outside the upsampled image lands outside the small one.
 */
function subPixelKernel(kernel: Float32Array, [k, kw, cin, cout]: number[], s: number) {
  if (k !== kw || k! % 2 !== 1) throw new Error(`sub-pixel rewrite needs an odd square kernel, got ${k}×${kw}`);
  const r = (k! - 1) / 2;
  const lo = Math.floor(-r / s);
  const hi = Math.floor((s - 1 + r) / s);
  const size = hi - lo + 1;
  const outChannels = cout! * s * s;
  const acc = new Float64Array(outChannels * cin! * size * size);
  for (let o = 0; o < cout!; o++) {
    for (let py = 0; py < s; py++) {
      for (let px = 0; px < s; px++) {
        const oc = o * s * s + py * s + px;
        for (let dy = -r; dy <= r; dy++) {
          for (let dx = -r; dx <= r; dx++) {
            const ly = Math.floor((py + dy) / s) - lo;
            const lx = Math.floor((px + dx) / s) - lo;
            for (let i = 0; i < cin!; i++) acc[((oc * cin! + i) * size + ly) * size + lx]! += kernel[(((dy + r) * k! + dx + r) * cin! + i) * cout! + o]!;
          }
        }
      }
    }
  }
  return { weights: Float32Array.from(acc), dims: [outChannels, cin!, size, size], pads: [-lo, -lo, hi, hi] };
}

/**
 * The ONNX model (opset 17, NCHW) equal to a tfjs layers model. `weights` is the model's weight
 * shards joined in manifest order.
 */
export function layersModelToOnnx(model: LayersModelJson, weights: Uint8Array, opts: { name: string; docString?: string }): Uint8Array {
  const { class_name: kind, config } = model.modelTopology.model_config;
  if (kind !== 'Functional' && kind !== 'Model') throw new Error(`unsupported model class ${kind}`);

  const tensors = new Map<string, { data: Float32Array; shape: number[] }>();
  let offset = 0;
  for (const spec of model.weightsManifest.flatMap((g) => g.weights)) {
    if (spec.dtype !== 'float32' || spec.quantization) throw new Error(`weight ${spec.name}: only unquantised float32 is supported`);
    const count = spec.shape.reduce((a, b) => a * b, 1);
    // Copied (a Buffer's slice would share, and may be unaligned).
    const data = new Float32Array(count);
    new Uint8Array(data.buffer).set(weights.subarray(offset, offset + count * 4));
    tensors.set(spec.name, { data, shape: spec.shape });
    offset += count * 4;
  }
  if (offset !== weights.length) throw new Error(`weights: ${weights.length} bytes for ${offset} declared`);
  const weight = (name: string) => {
    const t = tensors.get(name);
    if (!t) throw new Error(`missing weight ${name}`);
    return t;
  };

  const layers = config.layers;
  const inputsOf = (layer: KerasLayer): string[] => {
    if (layer.inbound_nodes.length !== 1) throw new Error(`layer ${layer.name}: shared layers are not supported`);
    return layer.inbound_nodes[0]!.map(([name, nodeIndex, tensorIndex]) => {
      if (nodeIndex !== 0 || tensorIndex !== 0) throw new Error(`layer ${layer.name}: multi-output inputs are not supported`);
      return name;
    });
  };
  const consumers = (name: string) => layers.filter((l) => l.inbound_nodes.length > 0 && inputsOf(l).includes(name));
  const channelAxis = (layer: KerasLayer) => {
    const axis = layer.config.axis;
    if (axis !== 3 && axis !== -1) throw new Error(`layer ${layer.name}: only the channel axis is supported, got ${String(axis)}`);
    return 1;
  };

  if (config.input_layers.length !== 1 || config.output_layers.length !== 1) throw new Error('one input and one output are supported');
  const inputName = config.input_layers[0]![0];
  const outputName = config.output_layers[0]![0];
  const nodes: Bytes[] = [];
  const inits: Bytes[] = [];
  /** Upsampling layers folded into the convolution after them: layer name → factor and input. */
  const folded = new Map<string, { factor: number; input: string }>();
  let inputChannels = 0;
  let outputChannels = 0;

  for (const layer of layers) {
    const c = layer.config;
    switch (layer.class_name) {
      case 'InputLayer': {
        const shape = c.batch_input_shape as (number | null)[];
        if (shape.length !== 4 || typeof shape[3] !== 'number') throw new Error(`input ${layer.name}: expected [batch, h, w, channels]`);
        inputChannels = shape[3];
        break;
      }
      case 'Conv2D': {
        const [input] = inputsOf(layer);
        const { data, shape } = weight(`${layer.name}/kernel`);
        const strides = c.strides as number[];
        const dilation = c.dilation_rate as number[];
        if (c.data_format !== 'channels_last' || strides.some((v) => v !== 1) || dilation.some((v) => v !== 1) || (c.groups ?? 1) !== 1) {
          throw new Error(`layer ${layer.name}: only stride 1, dilation 1, one group, channels_last`);
        }
        const [kh, kw] = shape as [number, number];
        const samePads = [(kh - 1) / 2, (kw - 1) / 2, (kh - 1) / 2, (kw - 1) / 2];
        if (c.padding === 'same' && (kh % 2 === 0 || kw % 2 === 0)) throw new Error(`layer ${layer.name}: even "same" kernels are not supported`);
        let pads = c.padding === 'same' ? samePads : [0, 0, 0, 0];
        let kernel = { weights: hwioToOihw(data, shape), dims: [shape[3]!, shape[2]!, kh, kw] };
        let source = input!;
        let bias = c.use_bias ? weight(`${layer.name}/bias`).data : new Float32Array(shape[3]!);
        const up = folded.get(input!);
        if (up) {
          if (c.padding !== 'same' || c.activation !== 'linear') throw new Error(`layer ${layer.name}: only a linear "same" convolution can follow an upsampling`);
          const sub = subPixelKernel(data, shape, up.factor);
          kernel = sub;
          pads = sub.pads;
          source = up.input;
          bias = Float32Array.from({ length: bias.length * up.factor ** 2 }, (_, i) => bias[Math.floor(i / up.factor ** 2)]!);
        }
        const convOut = up || c.activation === 'relu' ? `${layer.name}/conv` : layer.name;
        inits.push(initializer(`${layer.name}/W`, kernel.dims, kernel.weights), initializer(`${layer.name}/B`, [bias.length], bias));
        nodes.push(node('Conv', layer.name, [source, `${layer.name}/W`, `${layer.name}/B`], convOut, { kernel_shape: kernel.dims.slice(2), pads, strides: [1, 1], dilations: [1, 1] }));
        if (up) nodes.push(node('DepthToSpace', `${layer.name}/depth_to_space`, [convOut], layer.name, { blocksize: up.factor, mode: 'CRD' }));
        else if (c.activation === 'relu') nodes.push(node('Relu', `${layer.name}/relu`, [convOut], layer.name));
        else if (c.activation !== 'linear') throw new Error(`layer ${layer.name}: activation ${String(c.activation)} is not supported`);
        if (layer.name === outputName) outputChannels = shape[3]!;
        break;
      }
      case 'Activation':
        if (c.activation !== 'relu') throw new Error(`layer ${layer.name}: activation ${String(c.activation)} is not supported`);
        nodes.push(node('Relu', layer.name, inputsOf(layer), layer.name));
        break;
      case 'Concatenate':
        nodes.push(node('Concat', layer.name, inputsOf(layer), layer.name, { axis: channelAxis(layer) }));
        break;
      case 'Add': {
        const inputs = inputsOf(layer);
        nodes.push(node(inputs.length === 2 ? 'Add' : 'Sum', layer.name, inputs, layer.name));
        break;
      }
      case 'UpSampling2D': {
        const size = c.size as number[];
        const next = consumers(layer.name);
        if (c.interpolation !== 'nearest' || size[0] !== size[1]) throw new Error(`layer ${layer.name}: only square nearest upsampling is supported`);
        if (next.length !== 1 || next[0]!.class_name !== 'Conv2D' || layer.name === outputName) {
          throw new Error(`layer ${layer.name}: an upsampling is supported only with one convolution after it`);
        }
        folded.set(layer.name, { factor: size[0]!, input: inputsOf(layer)[0]! });
        break;
      }
      default:
        throw new Error(`layer ${layer.name}: ${layer.class_name} is not supported`);
    }
  }
  if (!inputChannels || !outputChannels) throw new Error('the model must start with an input layer and end with a convolution');

  // GraphProto: node 1, name 2, initializer 5, doc_string 10, input 11, output 12.
  const graph = concatBytes([
    ...nodes.map((n) => bytesField(1, n)),
    bytesField(2, opts.name),
    ...inits.map((t) => bytesField(5, t)),
    bytesField(11, imageValue(inputName, inputChannels)),
    bytesField(12, imageValue(outputName, outputChannels, 'out_')),
  ]);
  // ModelProto: ir_version 1, producer_name 2, doc_string 6, graph 7, opset_import 8 (domain 1, version 2).
  return concatBytes([
    intField(1, 8),
    bytesField(2, 'tessera kerasToOnnx'),
    ...(opts.docString ? [bytesField(6, opts.docString)] : []),
    bytesField(7, graph),
    bytesField(8, concatBytes([bytesField(1, ''), intField(2, 17)])),
  ]);
}
