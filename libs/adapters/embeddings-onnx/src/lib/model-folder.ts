/**
 * A model folder: the three files under fixed names (`FOLDER_FILE_NAMES`) and `kioku-model.json`, the
 * model's spec with every file's checksum. `kioku models pull` writes one; the models cache holds one per
 * manifest model; a folder of one's own export is described by writing that JSON by hand. The spec is
 * checked field by field, so a broken or hand-made file fails with the field it gets wrong.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EmbeddingUnavailableError } from '@kioku/embeddings';
import type { OnnxModelSpec } from './onnx-model-spec';

export const FOLDER_SPEC_FILE = 'kioku-model.json';

const fileSchema = z.object({
  path: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lower-case hex'),
  bytes: z.number().int().positive(),
});

const distance = z.number().min(0).max(2);

const specSchema = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,99}$/, 'lower-case letters, digits, ".", "_" and "-"'),
  repository: z.string().min(1),
  revision: z.string().min(1),
  files: z.object({ model: fileSchema, tokenizer: fileSchema, tokenizerConfig: fileSchema }),
  dimension: z.number().int().min(1).max(65_536),
  pooling: z.enum(['mean', 'cls']),
  maxTokens: z.number().int().min(3).max(100_000),
  calibratedThresholds: z.object({
    dedupDistance: distance,
    linkDistance: distance,
    mergeDistance: distance,
  }),
  recallWeights: z.object({ denseWeight: z.number().min(0).max(1) }),
});

/** The spec a folder describes itself with; fails with EMBEDDING_UNAVAILABLE naming what is wrong. */
export function readFolderSpec(folder: string): OnnxModelSpec {
  const file = join(folder, FOLDER_SPEC_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new EmbeddingUnavailableError(
      'onnx',
      `${file} cannot be read: a model folder holds the model's files and this description ` +
        '(`kioku models pull <name> --dir <folder>` makes one)',
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EmbeddingUnavailableError('onnx', `${file} is not valid JSON`);
  }
  const parsed = specSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EmbeddingUnavailableError(
      'onnx',
      `${file}: ${issue.path.join('.') || 'the file'}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** The text of `kioku-model.json` for `spec`. */
export function folderSpecText(spec: OnnxModelSpec): string {
  return `${JSON.stringify(spec, null, 2)}\n`;
}
