/**
 * The lexical (BM25) index of a Qdrant collection: the named sparse vector `text` with Qdrant's IDF
 * modifier, on the same point as the dense vector (see `qdrant-sparse-vector.encoder.ts`).
 *
 * - Writes: `upsert` writes dense and sparse vectors in one request (`encodePoint`), so the index cannot
 *   drift from the records; `patchMetadata` (set_payload) and deletes leave nothing behind.
 * - `search`: a Query API request on the sparse vector (`using: "text"`) with the translated filter
 *   applied by Qdrant inside the search, best first.
 * - `enable`: adds the sparse vector to an existing collection (`PUT /collections/{c}/vectors/text`,
 *   Qdrant 1.18+); older servers get a clear error.
 * - `reindex`: rewrites the sparse vector of points page by page with `update_vectors` (dense vector and
 *   payload untouched). Only points whose `_kioku_lexical` marker is missing or of another encoding
 *   version can lack a current sparse vector — points written before the collection became lexical, or
 *   by a process that had not seen it become lexical — so `repair` asks Qdrant for just those.
 *   Each write is conditional on the document being the one read (`update_filter`), so a concurrent
 *   upsert of new text is never overwritten with the sparse vector of the old text.
 */
import type { QdrantClient, Schemas } from '@qdrant/js-client-rest';
import { AppError } from '@kioku/kernel';
import type { LexicalIndexReport, TextMatch, TextSearchRequest } from '@kioku/vector-store';
import { classifyQdrantError } from './qdrant.errors';
import type { QdrantFilter } from './qdrant-filter.translator';
import { DOCUMENT_KEY, LEXICAL_KEY, decodePoint } from './qdrant-payload.codec';
import {
  SPARSE_ENCODING_VERSION,
  TEXT_VECTOR,
  TEXT_VECTOR_PARAMS,
  documentSparseVector,
  querySparseVector,
} from './qdrant-sparse-vector.encoder';

/** Points read and rewritten per request while reindexing. */
const REINDEX_PAGE = 256;

type Api = ReturnType<QdrantClient['api']>;
type PointId = string | number;

/** What the lexical index needs from the adapter: its API, its retrying call and its settings. */
export interface QdrantLexicalContext {
  api: Api;
  call: <T>(request: () => Promise<{ data: { result?: T } }>) => Promise<T>;
  ordering: 'weak' | 'medium' | 'strong';
  consistency: number | 'majority' | 'quorum' | 'all' | undefined;
}

export type ReindexOptions = { mode: 'repair' | 'rebuild'; onProgress?: (seen: number) => void };

export class QdrantLexicalIndex {
  constructor(private readonly context: QdrantLexicalContext) {}

  /**
   * Adds the sparse vector to an existing collection. `isLexical` re-reads the collection (and throws
   * `CollectionNotFoundError` when it is gone): when the vector is there, a failed attempt does not matter.
   */
  async enable(collection: string, isLexical: () => Promise<boolean>): Promise<void> {
    const { api, call, ordering } = this.context;
    try {
      await call(() =>
        api.createVectorName({
          collection_name: collection,
          vector_name: TEXT_VECTOR,
          wait: true,
          ordering,
          sparse: { ...TEXT_VECTOR_PARAMS },
        }),
      );
    } catch (error) {
      // Another process added it first, or a lost answer hid a success.
      if (await isLexical()) return;
      // An older server has no such route (404) or refuses the request.
      const kind = classifyQdrantError(error);
      if (kind === 'not-found' || kind === 'rejected') throw unsupported(collection, error);
      throw error;
    }
  }

  /** BM25 matches of the text, best first; the filter is applied by Qdrant inside the search. */
  async search(
    collection: string,
    request: TextSearchRequest,
    filter: QdrantFilter | undefined,
  ): Promise<TextMatch[]> {
    const query = querySparseVector(request.text);
    if (query.indices.length === 0) return [];
    const includeVectors = request.includeVectors === true;
    const { api, call, consistency } = this.context;
    const result = await call(() =>
      api.queryPoints({
        collection_name: collection,
        consistency,
        query,
        using: TEXT_VECTOR,
        filter,
        limit: request.limit,
        with_payload: true,
        with_vector: includeVectors,
      }),
    );
    return result.points
      .filter((point) => point.score > 0)
      .map((point) => ({ ...decodePoint(point, includeVectors), score: point.score }));
  }

  /** Rewrites sparse vectors: every point (`rebuild`) or those without a current one (`repair`). */
  async reindex(collection: string, options: ReindexOptions): Promise<LexicalIndexReport> {
    const { api, call, consistency } = this.context;
    // Points without the current marker; a point's id order is stable, so rewriting a page (which
    // makes its points leave the filter) never makes the scroll skip a point.
    const filter: QdrantFilter | undefined =
      options.mode === 'repair'
        ? { must_not: [{ key: LEXICAL_KEY, match: { value: SPARSE_ENCODING_VERSION } }] }
        : undefined;
    let indexed = 0;
    let seen = 0;
    let offset: PointId | undefined;
    do {
      const page = await call(() =>
        api.scrollPoints({
          collection_name: collection,
          consistency,
          filter,
          limit: REINDEX_PAGE,
          offset,
          with_payload: [DOCUMENT_KEY],
          with_vector: false,
        }),
      );
      const documents = page.points.flatMap((point) => {
        const document = point.payload?.[DOCUMENT_KEY];
        // Points written by other tools have no kioku document: nothing to index.
        return typeof document === 'string' ? [{ id: point.id, document }] : [];
      });
      indexed += await this.rewrite(collection, documents);
      seen += page.points.length;
      options.onProgress?.(seen);
      const next = page.next_page_offset;
      offset = typeof next === 'string' || typeof next === 'number' ? next : undefined;
    } while (offset !== undefined);
    // The index lives on the points: no entry can outlive its record.
    return { indexed, removed: 0 };
  }

  /**
   * One batch request: the sparse vector and the encoding marker of each point, each conditional on
   * the point still holding the document that was read. A point deleted meanwhile fails the batch
   * (update_vectors needs existing points), so the batch is sent again for the points that remain.
   */
  private async rewrite(collection: string, documents: { id: PointId; document: string }[]): Promise<number> {
    if (documents.length === 0) return 0;
    try {
      await this.sendRewrite(collection, documents);
      return documents.length;
    } catch (error) {
      if (classifyQdrantError(error) !== 'not-found') throw error;
      const { api, call, consistency } = this.context;
      const existing = await call(() =>
        api.getPoints({
          collection_name: collection,
          consistency,
          ids: documents.map((d) => d.id),
          with_payload: false,
          with_vector: false,
        }),
      );
      const ids = new Set(existing.map((point) => point.id));
      const remaining = documents.filter((d) => ids.has(d.id));
      if (remaining.length > 0) await this.sendRewrite(collection, remaining);
      return remaining.length;
    }
  }

  private async sendRewrite(
    collection: string,
    documents: { id: PointId; document: string }[],
  ): Promise<void> {
    const { api, call, ordering } = this.context;
    const unchanged: Schemas['Filter'] = {
      should: documents.map(({ id, document }) => ({
        must: [{ has_id: [id] }, { key: DOCUMENT_KEY, match: { value: document } }],
      })),
    };
    await call(() =>
      api.batchUpdate({
        collection_name: collection,
        wait: true,
        ordering,
        operations: [
          {
            update_vectors: {
              points: documents.map(({ id, document }) => ({
                id,
                vector: { [TEXT_VECTOR]: documentSparseVector(document) },
              })),
              update_filter: unchanged,
            },
          },
          { set_payload: { payload: { [LEXICAL_KEY]: SPARSE_ENCODING_VERSION }, filter: unchanged } },
        ],
      }),
    );
  }
}

function unsupported(collection: string, cause: unknown): AppError {
  return new AppError(
    'CONFIG_INVALID',
    `Collection "${collection}" has no lexical index and this Qdrant server cannot add one to an ` +
      'existing collection: upgrade to Qdrant 1.18 or newer, then run `kioku reindex`.',
    { cause, details: { collection, backend: 'qdrant' } },
  );
}
