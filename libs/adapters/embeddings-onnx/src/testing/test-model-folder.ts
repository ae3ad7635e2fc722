/**
 * A complete model folder (the three files and `kioku-model.json` with their checksums) holding a
 * random-weight BERT, and the same files as a hub would serve them, for the ONNX engine's tests and
 * the speed bench.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FOLDER_SPEC_FILE, folderSpecText } from '../lib/model-folder';
import { FOLDER_FILE_NAMES, type OnnxModelFile, type OnnxModelSpec } from '../lib/onnx-model-spec';
import { randomBertModel, type BertShape } from './random-bert-model';
import { wordPieceTokenizerFiles, wordPieceVocabulary } from './wordpiece-tokenizer-files';

/** A few layers a few dozen wide: loads in milliseconds, still a real transformer. */
const TINY_BERT_SHAPE: BertShape = {
  vocabularySize: 1024,
  hidden: 32,
  layers: 2,
  heads: 4,
  intermediate: 64,
  maxPositions: 64,
  quantized: true,
};

const TINY_WORDS = ['the', 'user', 'likes', 'green', 'tea', 'lives', 'in', 'tokyo', 'dog', 'walks', 'river'];

export interface TestModel {
  spec: OnnxModelSpec;
  /** Each file's bytes by its kind. */
  bytes: Record<keyof OnnxModelSpec['files'], Uint8Array>;
}

/** A random-weight model described as a manifest entry (hub paths as Xenova's exports name them). */
export function testModel(
  options: {
    name?: string;
    shape?: BertShape;
    pieces?: readonly string[];
    seed?: number;
    maxTokens?: number;
    /** Random vectors sit close together: the default keeps the duplicate guard and links to the closest. */
    thresholds?: OnnxModelSpec['calibratedThresholds'];
  } = {},
): TestModel {
  const shape = options.shape ?? TINY_BERT_SHAPE;
  const vocabulary = wordPieceVocabulary(options.pieces ?? TINY_WORDS, shape.vocabularySize);
  const tokenizerFiles = wordPieceTokenizerFiles(vocabulary);
  const bytes = {
    model: randomBertModel(shape, options.seed),
    tokenizer: new TextEncoder().encode(tokenizerFiles.tokenizer),
    tokenizerConfig: new TextEncoder().encode(tokenizerFiles.tokenizerConfig),
  };
  const file = (path: string, content: Uint8Array): OnnxModelFile => ({
    path,
    sha256: createHash('sha256').update(content).digest('hex'),
    bytes: content.length,
  });
  const spec: OnnxModelSpec = {
    name: options.name ?? 'tiny-random-bert',
    repository: 'kioku-tests/tiny-random-bert',
    revision: '0000000000000000000000000000000000000001',
    files: {
      model: file('onnx/model_quantized.onnx', bytes.model),
      tokenizer: file('tokenizer.json', bytes.tokenizer),
      tokenizerConfig: file('tokenizer_config.json', bytes.tokenizerConfig),
    },
    dimension: shape.hidden,
    pooling: 'mean',
    maxTokens: options.maxTokens ?? Math.min(shape.maxPositions, 256),
    calibratedThresholds: options.thresholds ?? {
      dedupDistance: 0.01,
      linkDistance: 0.05,
      mergeDistance: 0.02,
    },
    recallWeights: { denseWeight: 0.3 },
  };
  return { spec, bytes };
}

/** Writes `model` as a model folder; returns the folder. */
export function writeModelFolder(folder: string, model: TestModel): string {
  mkdirSync(folder, { recursive: true });
  for (const kind of ['model', 'tokenizer', 'tokenizerConfig'] as const) {
    writeFileSync(join(folder, FOLDER_FILE_NAMES[kind]), model.bytes[kind]);
  }
  writeFileSync(join(folder, FOLDER_SPEC_FILE), folderSpecText(model.spec));
  return folder;
}
