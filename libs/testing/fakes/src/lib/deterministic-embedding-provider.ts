/**
 * A deterministic embedder for use-case tests: hashed words and character trigrams into a small unit
 * vector, so identical texts are identical vectors and texts that share words are close. It counts
 * its calls so tests can assert "embedded once". Not a stand-in for a real model's semantics.
 */
import { createHash } from 'node:crypto';
import { assertEmbeddableTexts, type DistanceThresholds, type EmbeddingProvider } from '@kioku/embeddings';

export class DeterministicEmbeddingProvider implements EmbeddingProvider {
  readonly dimension: number;
  readonly modelId: string;
  readonly calibratedThresholds?: DistanceThresholds;
  /** Number of texts embedded so far. */
  embeddedTexts = 0;
  /** Number of embed() calls so far. */
  calls = 0;

  constructor(options: { dimension?: number; modelId?: string; thresholds?: DistanceThresholds } = {}) {
    this.dimension = options.dimension ?? 128;
    this.modelId = options.modelId ?? `fake:hash-${this.dimension}`;
    this.calibratedThresholds = options.thresholds;
  }

  async init(): Promise<void> {}

  async embed(texts: string[]): Promise<number[][]> {
    assertEmbeddableTexts(texts);
    this.calls++;
    this.embeddedTexts += texts.length;
    return texts.map((text) => this.vectorOf(text));
  }

  private vectorOf(text: string): number[] {
    const vector = new Array<number>(this.dimension).fill(0);
    const normalized = text.normalize('NFKC').toLowerCase();
    const words = normalized.match(/[\p{L}\p{N}]+/gu) ?? [];
    for (const word of words) this.add(vector, `w:${word}`, 1);
    const chars = Array.from(normalized.replace(/\s+/g, ' '));
    for (let i = 0; i + 3 <= chars.length; i++) this.add(vector, `t:${chars.slice(i, i + 3).join('')}`, 0.5);
    // Single characters keep texts without words or trigrams (emoji, one symbol) from a zero vector.
    for (const char of chars) if (char.trim()) this.add(vector, `c:${char}`, 0.1);
    const norm = Math.sqrt(vector.reduce((s, v) => s + v * v, 0)) || 1;
    return vector.map((v) => v / norm);
  }

  private add(vector: number[], feature: string, weight: number): void {
    const digest = createHash('sha1').update(feature).digest();
    const index = digest.readUInt32BE(0) % this.dimension;
    vector[index] += digest[4] & 1 ? weight : -weight;
  }
}
