/**
 * A BERT-shaped sentence encoder with random weights, written as an ONNX model: token, position and
 * type embeddings, `layers` encoder layers (multi-head self-attention with the padding mask, GELU
 * feed-forward, residuals and layer norms), output `last_hidden_state`, as the hub's exports of
 * MiniLM, arctic-embed and bge are. `quantized` stores the matrices in int8 and multiplies through
 * `DynamicQuantizeLinear` + `MatMulInteger`, as their `model_quantized.onnx` do. Tests use a tiny one;
 * the speed bench one of all-MiniLM-L6-v2's size. The weights are random: the vectors carry no meaning.
 */
import { OnnxGraphBuilder } from './onnx-graph-builder';

export interface BertShape {
  vocabularySize: number;
  hidden: number;
  layers: number;
  heads: number;
  intermediate: number;
  maxPositions: number;
  quantized: boolean;
}

/** all-MiniLM-L6-v2's shape (and snowflake-arctic-embed-xs's): 6 layers, 384 wide, 30,522 tokens. */
export const MINILM_L6_SHAPE: BertShape = {
  vocabularySize: 30_522,
  hidden: 384,
  layers: 6,
  heads: 12,
  intermediate: 1536,
  maxPositions: 512,
  quantized: true,
};

const INPUT_NAMES = ['input_ids', 'attention_mask', 'token_type_ids'];

/** The model's bytes; the same `seed` gives the same weights. */
export function randomBertModel(shape: BertShape, seed = 1): Uint8Array {
  const graph = new OnnxGraphBuilder();
  const random = gaussian(seed);
  const weights = (count: number, scale = 0.02) =>
    Float32Array.from({ length: count }, () => random() * scale);
  const constant = (count: number, value: number) => new Float32Array(count).fill(value);
  const h = shape.hidden;

  const layerNorm = (input: string) =>
    graph.op(
      'LayerNormalization',
      [input, graph.floats([h], constant(h, 1)), graph.floats([h], constant(h, 0))],
      {
        axis: -1,
        epsilon: 1e-12,
      },
    );
  const linear = (input: string, from: number, to: number) => {
    const product = shape.quantized
      ? quantizedMatMul(graph, input, weights(from * to), [from, to])
      : graph.op('MatMul', [input, graph.floats([from, to], weights(from * to))]);
    return graph.op('Add', [product, graph.floats([to], weights(to))]);
  };

  // Embeddings: tokens + positions (0 … sequence − 1) + types, then a layer norm.
  const sequence = graph.op('Gather', [graph.op('Shape', ['input_ids']), graph.int64s([], [1n])], {
    axis: 0,
  });
  const positions = graph.op('Range', [graph.int64s([], [0n]), sequence, graph.int64s([], [1n])]);
  let hidden = layerNorm(
    graph.op('Add', [
      graph.op('Add', [
        graph.op('Gather', [
          graph.floats([shape.vocabularySize, h], weights(shape.vocabularySize * h)),
          'input_ids',
        ]),
        graph.op('Gather', [
          graph.floats([shape.maxPositions, h], weights(shape.maxPositions * h)),
          positions,
        ]),
      ]),
      graph.op('Gather', [graph.floats([2, h], weights(2 * h)), 'token_type_ids']),
    ]),
  );

  // Padding positions get −10,000 before the softmax: `[batch, 1, 1, sequence]`.
  const mask = graph.op('Cast', ['attention_mask'], { to: 1 });
  const maskBias = graph.op('Unsqueeze', [
    graph.op('Mul', [
      graph.op('Sub', [graph.floats([], constant(1, 1)), mask]),
      graph.floats([], constant(1, -10_000)),
    ]),
    graph.int64s([2], [1n, 2n]),
  ]);

  const headWidth = h / shape.heads;
  const splitHeads = (input: string, perm: number[]) =>
    graph.op(
      'Transpose',
      [graph.op('Reshape', [input, graph.int64s([4], [0n, 0n, BigInt(shape.heads), BigInt(headWidth)])])],
      {
        perm,
      },
    );
  for (let layer = 0; layer < shape.layers; layer += 1) {
    const query = splitHeads(linear(hidden, h, h), [0, 2, 1, 3]);
    const key = splitHeads(linear(hidden, h, h), [0, 2, 3, 1]);
    const value = splitHeads(linear(hidden, h, h), [0, 2, 1, 3]);
    const scores = graph.op('Add', [
      graph.op('Mul', [
        graph.op('MatMul', [query, key]),
        graph.floats([], constant(1, 1 / Math.sqrt(headWidth))),
      ]),
      maskBias,
    ]);
    const context = graph.op('Reshape', [
      graph.op('Transpose', [graph.op('MatMul', [graph.op('Softmax', [scores], { axis: -1 }), value])], {
        perm: [0, 2, 1, 3],
      }),
      graph.int64s([3], [0n, 0n, BigInt(h)]),
    ]);
    const attended = layerNorm(graph.op('Add', [hidden, linear(context, h, h)]));
    const expanded = linear(attended, h, shape.intermediate);
    hidden = layerNorm(graph.op('Add', [attended, linear(gelu(graph, expanded), shape.intermediate, h)]));
  }
  return graph.encode(INPUT_NAMES, hidden, 'last_hidden_state');
}

/** x · ½ · (1 + erf(x / √2)), BERT's GELU. */
function gelu(graph: OnnxGraphBuilder, input: string): string {
  const scalar = (value: number) => graph.floats([], Float32Array.of(value));
  const erf = graph.op('Erf', [graph.op('Mul', [input, scalar(Math.SQRT1_2)])]);
  return graph.op('Mul', [graph.op('Mul', [input, scalar(0.5)]), graph.op('Add', [erf, scalar(1)])]);
}

/** input · W with W in int8 (one scale), the input quantized on the fly: what dynamic quantization writes. */
function quantizedMatMul(
  graph: OnnxGraphBuilder,
  input: string,
  matrix: Float32Array,
  dims: number[],
): string {
  const largest = matrix.reduce((most, value) => Math.max(most, Math.abs(value)), 0) || 1;
  const scale = largest / 127;
  const quantized = Int8Array.from(matrix, (value) => Math.round(value / scale));
  const [inputQuantized, inputScale, inputZero] = graph.node('DynamicQuantizeLinear', [input], {}, 3);
  const product = graph.op('MatMulInteger', [
    inputQuantized,
    graph.int8s(dims, quantized),
    inputZero,
    graph.int8s([], Int8Array.of(0)),
  ]);
  const scales = graph.op('Mul', [inputScale, graph.floats([], Float32Array.of(scale))]);
  return graph.op('Mul', [graph.op('Cast', [product], { to: 1 }), scales]);
}

/** Deterministic standard-normal numbers (mulberry32 + Box–Muller): the same seed, the same model. */
function gaussian(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(uniform() || 1e-12)) * Math.cos(2 * Math.PI * uniform());
}
