/**
 * Shared state kept in the vector store itself, in one collection beside the namespaces' collections
 * (`kioku__shared_state`: a namespace cannot start with `_`, so no namespace's collection has this
 * name). An entry is a record with a 1-dimensional vector, the value as its document and the expiry,
 * group and writer in its metadata.
 *
 * `create` rests on the store's `insertNew`: the first write of a key wins for every reader, so a
 * writer that reads its own nonce back is the one winner. Expired entries are purged a day after
 * they expire, at most every ten minutes per process.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '@kioku/kernel';
import { where, type StoredRecord, type VectorStore } from '@kioku/vector-store';
import type { SharedState, StateEntry } from '@kioku/shared-state';
import { PURGE_GRACE_MS, PURGE_INTERVAL_MS } from './state-purge';

export const SHARED_STATE_COLLECTION = 'kioku__shared_state';
const LIST_PAGE = 500;
const VECTOR = [1];

export class StoreSharedState implements SharedState {
  private ready?: Promise<unknown>;
  private lastPurge = 0;

  constructor(
    private readonly store: VectorStore,
    private readonly clock: Clock,
  ) {}

  async create(entry: StateEntry): Promise<boolean> {
    await this.open();
    const writer = randomUUID();
    await this.store.insertNew(SHARED_STATE_COLLECTION, [toRecord(entry, writer)]);
    const [stored] = await this.store.get(SHARED_STATE_COLLECTION, [entry.key]);
    return stored?.metadata['writer'] === writer;
  }

  async put(entry: StateEntry): Promise<void> {
    await this.open();
    await this.store.upsert(SHARED_STATE_COLLECTION, [toRecord(entry, randomUUID())]);
  }

  async get(key: string): Promise<StateEntry | null> {
    await this.open();
    const [stored] = await this.store.get(SHARED_STATE_COLLECTION, [key]);
    const entry = stored ? toEntry(stored) : null;
    return entry && entry.expiresAt > this.clock.now().getTime() ? entry : null;
  }

  async list(group: string): Promise<StateEntry[]> {
    await this.open();
    const entries: StateEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.store.find(SHARED_STATE_COLLECTION, {
        filter: where.eq('group', group),
        limit: LIST_PAGE,
        cursor,
      });
      entries.push(...page.records.map(toEntry));
      cursor = page.nextCursor;
    } while (cursor);
    return entries;
  }

  async delete(keys: string[]): Promise<void> {
    await this.open();
    await this.store.delete(SHARED_STATE_COLLECTION, keys);
  }

  private async open(): Promise<void> {
    this.ready ??= this.store
      .ensureCollection(SHARED_STATE_COLLECTION, { dimension: VECTOR.length })
      .catch((error: unknown) => {
        this.ready = undefined;
        throw error;
      });
    await this.ready;
    const now = this.clock.now().getTime();
    if (now - this.lastPurge >= PURGE_INTERVAL_MS) {
      this.lastPurge = now;
      await this.store.deleteWhere(SHARED_STATE_COLLECTION, where.lt('expiresAt', now - PURGE_GRACE_MS));
    }
  }
}

function toRecord(entry: StateEntry, writer: string) {
  return {
    id: entry.key,
    vector: VECTOR,
    document: entry.value,
    metadata: {
      expiresAt: entry.expiresAt,
      writer,
      ...(entry.group === undefined ? {} : { group: entry.group }),
    },
  };
}

function toEntry(record: StoredRecord): StateEntry {
  const { expiresAt, group } = record.metadata;
  return {
    key: record.id,
    value: record.document,
    expiresAt: typeof expiresAt === 'number' ? expiresAt : 0,
    ...(typeof group === 'string' ? { group } : {}),
  };
}
