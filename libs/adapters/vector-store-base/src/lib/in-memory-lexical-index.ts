/**
 * A BM25 index of one collection's documents held in this process: postings per term, document
 * lengths and the metadata that filters run on. The memory store's index, and the reference the
 * other indexes are checked against (same analyser, same BM25).
 */
import { matchesFilter, type Filter, type Metadata } from '@kioku/vector-store';
import type { LexicalHit } from './lexical-index.port';
import { analyzeText, bm25Idf, bm25TermWeight, termFrequencies } from '@kioku/similarity';

interface IndexedDocument {
  frequencies: Map<string, number>;
  length: number;
  metadata: Metadata;
}

export class InMemoryLexicalIndex {
  private readonly documents = new Map<string, IndexedDocument>();
  private readonly postings = new Map<string, Set<string>>();
  private totalLength = 0;

  upsert(id: string, document: string, metadata: Metadata): void {
    this.delete(id);
    const frequencies = termFrequencies(document);
    let length = 0;
    for (const [term, count] of frequencies) {
      length += count;
      let ids = this.postings.get(term);
      if (!ids) this.postings.set(term, (ids = new Set()));
      ids.add(id);
    }
    this.documents.set(id, { frequencies, length, metadata: { ...metadata } });
    this.totalLength += length;
  }

  patchMetadata(id: string, metadata: Metadata): void {
    const indexed = this.documents.get(id);
    if (indexed) indexed.metadata = { ...indexed.metadata, ...metadata };
  }

  delete(id: string): void {
    const indexed = this.documents.get(id);
    if (!indexed) return;
    for (const term of indexed.frequencies.keys()) {
      const ids = this.postings.get(term)!;
      ids.delete(id);
      if (ids.size === 0) this.postings.delete(term);
    }
    this.totalLength -= indexed.length;
    this.documents.delete(id);
  }

  has(id: string): boolean {
    return this.documents.has(id);
  }

  ids(): string[] {
    return [...this.documents.keys()];
  }

  /** The best `limit` documents for the text, highest BM25 first (ties by id). */
  search(text: string, limit: number, filter?: Filter): LexicalHit[] {
    const total = this.documents.size;
    if (total === 0) return [];
    const averageLength = this.totalLength / total;
    const scores = new Map<string, number>();
    for (const term of new Set(analyzeText(text))) {
      const ids = this.postings.get(term);
      if (!ids) continue;
      const idf = bm25Idf(ids.size, total);
      for (const id of ids) {
        const indexed = this.documents.get(id)!;
        if (filter && !matchesFilter(filter, indexed.metadata)) continue;
        const weight = bm25TermWeight(indexed.frequencies.get(term)!, indexed.length, averageLength);
        scores.set(id, (scores.get(id) ?? 0) + idf * weight);
      }
    }
    return [...scores]
      .map(([id, score]) => ({ id, score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
  }
}
