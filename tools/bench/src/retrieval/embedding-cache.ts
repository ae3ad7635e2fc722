/**
 * A file of vectors the retrieval benchmark reuses between runs (`--embedding-cache FILE`), so that an
 * ablation can be iterated on without embedding every turn again. What is measured does not change:
 * the embedding port is deterministic (the same text always gives the same vector), every vector is
 * stored to the bit (float64) and keyed by the model's id and the text's hash, and a file written by
 * another model is ignored. Only the ingest rate and recall latency stop being the product's (the
 * embedder is not called for a cached text); the report says so.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { EmbeddingProvider, EmbedOptions } from '@kioku/embeddings';
import { withEmbed } from '../lib/with-embed';

interface CacheFile {
  modelId: string;
  dimension: number;
  /** sha256 of the text → the vector's float64 bytes, base64. */
  vectors: Record<string, string>;
}

export class EmbeddingCache {
  private readonly vectors = new Map<string, number[]>();
  private loadedFor?: string;
  private added = 0;
  hits = 0;

  constructor(private readonly file: string) {}

  /** The provider with this cache in front of it. */
  wrap(provider: EmbeddingProvider): EmbeddingProvider {
    return withEmbed(provider, (texts, options) => this.embed(provider, texts, options));
  }

  /** Writes the file when this run embedded anything new (atomically: a half-written file is never read). */
  save(): void {
    if (this.added === 0 || !this.loadedFor) return;
    const [first] = this.vectors.values();
    const file: CacheFile = {
      modelId: this.loadedFor,
      dimension: first?.length ?? 0,
      vectors: Object.fromEntries(
        [...this.vectors].map(([key, v]) => [
          key,
          Buffer.from(new Float64Array(v).buffer).toString('base64'),
        ]),
      ),
    };
    writeFileSync(`${this.file}.tmp`, JSON.stringify(file));
    renameSync(`${this.file}.tmp`, this.file);
  }

  private async embed(
    provider: EmbeddingProvider,
    texts: string[],
    options?: EmbedOptions,
  ): Promise<number[][]> {
    this.load(provider.modelId);
    const keys = texts.map(keyOf);
    const missing = [...new Set(keys.filter((key) => !this.vectors.has(key)))];
    const missingTexts = missing.map((key) => texts[keys.indexOf(key)]);
    if (missingTexts.length > 0) {
      const embedded = await provider.embed(missingTexts, options);
      missing.forEach((key, i) => this.vectors.set(key, embedded[i]));
      this.added += missing.length;
    }
    this.hits += texts.length - missingTexts.length;
    return keys.map((key) => this.vectors.get(key)!);
  }

  private load(modelId: string): void {
    if (this.loadedFor === modelId) return;
    this.vectors.clear();
    this.loadedFor = modelId;
    if (!existsSync(this.file)) return;
    const file = JSON.parse(readFileSync(this.file, 'utf8')) as CacheFile;
    if (file.modelId !== modelId) return;
    for (const [key, base64] of Object.entries(file.vectors)) {
      // Copied into a buffer of its own: a pooled Buffer's offset need not be aligned for float64.
      const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
      this.vectors.set(key, Array.from(new Float64Array(bytes.buffer)));
    }
  }
}

function keyOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
