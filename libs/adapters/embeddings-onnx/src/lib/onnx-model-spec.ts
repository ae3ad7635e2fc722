/**
 * What kioku needs to know of an ONNX sentence-embedding model: where its files come from and how
 * to check them, how to turn its token vectors into one vector, and the thresholds and fusion
 * weight that suit its vector space. The manifest holds the supported models; a model folder
 * describes itself in `kioku-model.json` with the same fields (see model-folder.ts).
 */
import type { DistanceThresholds, RecallWeights } from '@kioku/embeddings';

/** One file of a model, as it is on the hub (`path`) and what it must hash to. */
export interface OnnxModelFile {
  /** Path inside the hub repository, e.g. `onnx/model_quantized.onnx`. */
  path: string;
  /** SHA-256 of the file's bytes, lower-case hex; a download or a folder file that differs is refused. */
  sha256: string;
  /** Size in bytes (shown before a download, checked after). */
  bytes: number;
}

/** How the token vectors of the last hidden state become the sentence vector. */
export type OnnxPooling = 'mean' | 'cls';

export interface OnnxModelSpec {
  /** The name users give in KIOKU_ONNX_MODEL, lower case: `all-minilm-l6-v2`. */
  name: string;
  /** The hub repository, `owner/name`. */
  repository: string;
  /** The hub commit the files are pinned to (full hash), so that a new upload cannot change them. */
  revision: string;
  files: { model: OnnxModelFile; tokenizer: OnnxModelFile; tokenizerConfig: OnnxModelFile };
  /** Length of the sentence vector (the model's hidden size). */
  dimension: number;
  pooling: OnnxPooling;
  /** Most tokens one text is cut to (the model's training length), [CLS] and [SEP] included. */
  maxTokens: number;
  calibratedThresholds: DistanceThresholds;
  recallWeights: RecallWeights;
}

/** The file names a model folder holds (`kioku models pull` writes them; the cache uses them too). */
export const FOLDER_FILE_NAMES = {
  model: 'model.onnx',
  tokenizer: 'tokenizer.json',
  tokenizerConfig: 'tokenizer_config.json',
} as const satisfies Record<keyof OnnxModelSpec['files'], string>;
