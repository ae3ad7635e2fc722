/**
 * Episodes of a namespace, stored through the vector-store port (one record each, constant 1-d
 * vector) so they work on every backend. Member ids are kept as a JSON list; memories that are
 * deleted later are filtered out lazily when an episode is read (design note 000 §C).
 */
import { inject, injectable } from 'inversify';
import { VECTOR_STORE_TOKENS, type StoredRecord, type VectorStore } from '@kioku/vector-store';
import { NamespaceCollections } from '@kioku/namespace-storage';
import type { Episode } from '../domain/episode';

const EPISODE_VECTOR = [1];
const PAGE_SIZE = 200;

@injectable()
export class EpisodeRepository {
  constructor(
    @inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore,
    @inject(NamespaceCollections) private readonly collections: NamespaceCollections,
  ) {}

  async save(namespace: string, episode: Episode): Promise<void> {
    await this.store.upsert(await this.collection(namespace), [
      {
        id: episode.id,
        vector: EPISODE_VECTOR,
        document: '',
        metadata: {
          summary: episode.summary,
          memoryIds: JSON.stringify(episode.memoryIds),
          startTime: episode.startTime,
          endTime: episode.endTime,
          importance: episode.importance,
          createdAt: episode.createdAt,
        },
      },
    ]);
  }

  async get(namespace: string, id: string): Promise<Episode | null> {
    const [record] = await this.store.get(await this.collection(namespace), [id]);
    return record ? fromRecord(record) : null;
  }

  /** Every episode, page by page (for maintenance: dropping dead ids, replacing merged ids). */
  async *all(namespace: string): AsyncGenerator<Episode> {
    const collection = await this.collection(namespace);
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, { limit: PAGE_SIZE, cursor });
      for (const record of page.records) {
        const episode = fromRecord(record);
        if (episode) yield episode;
      }
      cursor = page.nextCursor;
    } while (cursor);
  }

  private collection(namespace: string): Promise<string> {
    return this.collections.openRecords(namespace, 'episodes');
  }
}

function fromRecord(record: StoredRecord): Episode | null {
  const m = record.metadata;
  let memoryIds: unknown;
  try {
    memoryIds = JSON.parse(typeof m.memoryIds === 'string' ? m.memoryIds : '[]');
  } catch {
    memoryIds = [];
  }
  return {
    id: record.id,
    summary: typeof m.summary === 'string' ? m.summary : '',
    memoryIds: Array.isArray(memoryIds) ? memoryIds.filter((x): x is string => typeof x === 'string') : [],
    startTime: typeof m.startTime === 'string' ? m.startTime : '',
    endTime: typeof m.endTime === 'string' ? m.endTime : '',
    importance: typeof m.importance === 'number' ? m.importance : 3,
    createdAt: typeof m.createdAt === 'string' ? m.createdAt : '',
  };
}
