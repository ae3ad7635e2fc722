/**
 * Texts to sentence vectors with one ONNX session, inside an embedding thread: the model's own
 * tokenizer (`@huggingface/tokenizers`, from its tokenizer.json), each text cut to the model's length
 * and run alone, then the last hidden state pooled (mean over the tokens, or the [CLS] token) and
 * scaled to unit length.
 *
 * One forward pass per text, not per batch: an int8 model quantizes its activations with one scale per
 * pass (`DynamicQuantizeLinear`), so in a shared pass a text's vector would depend on the texts beside
 * it, and the port promises the same vector alone or in any batch. On CPU this costs nothing: no pass
 * pads a short text to a long one (measured here before this engine was built: one text at a time was
 * as fast as batches of 32).
 *
 * The session runs on the calling thread (`onnxruntime-node` runs synchronously inside `run`), with one
 * intra-op thread: kioku runs one session per embedding thread, so the threads are the parallelism.
 */
import { readFileSync } from 'node:fs';
import { Tokenizer } from '@huggingface/tokenizers';
import type { EmbedBatch } from '@kioku/embedding-threads';
import { loadOnnxRuntime, type OnnxRuntime } from './onnx-runtime';
import type { ModelFilePaths } from './model-files';
import type { OnnxPooling } from './onnx-model-spec';

/** What an embedding thread is handed (`workerData`): the checked files and how to pool. */
export interface OnnxEncoderSetup {
  files: ModelFilePaths;
  pooling: OnnxPooling;
  maxTokens: number;
}

type Session = Awaited<ReturnType<OnnxRuntime['InferenceSession']['create']>>;

export async function loadOnnxTextEncoder(setup: OnnxEncoderSetup): Promise<EmbedBatch> {
  const ort = loadOnnxRuntime();
  const config = JSON.parse(readFileSync(setup.files.tokenizerConfig, 'utf8')) as object;
  const tokenizer = new Tokenizer(JSON.parse(readFileSync(setup.files.tokenizer, 'utf8')) as object, config);
  const session = await ort.InferenceSession.create(setup.files.model, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  return async (texts) => {
    const vectors: number[][] = [];
    for (const text of texts) {
      const ids = cut(tokenizer.encode(text).ids, setup.maxTokens);
      vectors.push(unitVector(pool(await lastHiddenState(ort, session, ids), setup.pooling)));
    }
    return vectors;
  };
}

/** At most `maxTokens` ids, keeping the last ([SEP]) so the model sees a well-formed input. */
function cut(ids: number[], maxTokens: number): number[] {
  return ids.length <= maxTokens ? ids : [...ids.slice(0, maxTokens - 1), ids[ids.length - 1]];
}

/** One pass over one text: its last hidden state, `[tokens, width]` in one flat array. */
async function lastHiddenState(ort: OnnxRuntime, session: Session, ids: number[]) {
  const shape = [1, ids.length];
  const inputs: Record<string, InstanceType<OnnxRuntime['Tensor']>> = {
    input_ids: new ort.Tensor('int64', BigInt64Array.from(ids, BigInt), shape),
    attention_mask: new ort.Tensor('int64', new BigInt64Array(ids.length).fill(1n), shape),
    token_type_ids: new ort.Tensor('int64', new BigInt64Array(ids.length), shape),
  };
  // Some exports take no token_type_ids: feed exactly what the graph declares.
  const feeds = Object.fromEntries(session.inputNames.map((name) => [name, inputs[name]]));
  const outputName = session.outputNames.includes('last_hidden_state')
    ? 'last_hidden_state'
    : session.outputNames[0];
  const output = (await session.run(feeds))[outputName];
  const dims = output.dims;
  if (dims.length !== 3 || dims[0] !== 1 || dims[1] !== ids.length) {
    throw new Error(
      `the model's output ${outputName} has shape [${dims.join(', ')}], not [texts, tokens, width]`,
    );
  }
  return { hidden: output.data as Float32Array, tokens: ids.length, width: dims[2] };
}

/** The sentence vector: the mean of the tokens' vectors, or the first ([CLS]) token's. */
function pool({ hidden, tokens, width }: Awaited<ReturnType<typeof lastHiddenState>>, pooling: OnnxPooling) {
  if (pooling === 'cls') return hidden.slice(0, width);
  const sum = new Float32Array(width);
  for (let position = 0; position < tokens; position += 1) {
    const offset = position * width;
    for (let index = 0; index < width; index += 1) sum[index] += hidden[offset + index];
  }
  return sum;
}

function unitVector(vector: Float32Array): number[] {
  let squared = 0;
  for (const value of vector) squared += value * value;
  const length = Math.sqrt(squared) || 1;
  return Array.from(vector, (value) => value / length);
}
