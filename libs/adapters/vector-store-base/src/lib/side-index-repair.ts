/**
 * Brings the indexes beside a store in line with its records (`reindexText`; the integrity job runs it):
 * page by page, while holding the page's turns (`RecordLocks`, so no write lands half-way), each
 * record's key entries and copy are made exactly what the record holds and its lexical entry is
 * written again where it differs (its metadata, which recall's filters read) or is missing; then the
 * entries whose record is gone are removed, also under their turns. What a crash or an older kioku
 * left — an entry without a record, a record without an entry, an old copy, stale filter metadata —
 * is fixed, and a repair of a sound index writes nothing. `rebuild` writes every lexical entry again.
 */
import type { FindRequest, LexicalIndexReport, StoredRecord } from '@kioku/vector-store';
import type { KeyIndex } from './key-index.port';
import type { LexicalIndex } from './lexical-index.port';
import type { RecordLocks } from './record-locks.port';
import type { RecordStore } from './record-store';
import { sameMetadata } from './same-metadata';

const PAGE = 500;

interface RepairPlan {
  keys?: KeyIndex;
  lexical: boolean;
  rebuild: boolean;
  onProgress?: (seen: number) => void;
}

export class SideIndexRepair {
  constructor(
    private readonly records: RecordStore,
    private readonly index: LexicalIndex,
    private readonly keys: KeyIndex | undefined,
    private readonly locks: RecordLocks,
  ) {}

  async run(
    collection: string,
    options: { mode: 'repair' | 'rebuild'; onProgress?: (seen: number) => void },
  ): Promise<LexicalIndexReport> {
    const keys = this.keys && (await this.keys.completeKeys(collection)) ? this.keys : undefined;
    const lexical = await this.index.isIndexed(collection);
    if (!keys && !lexical) return { indexed: 0, removed: 0 };
    const plan = { keys, lexical, rebuild: options.mode === 'rebuild', onProgress: options.onProgress };
    const indexed = await this.repairPages(collection, plan);
    let removed = 0;
    if (keys) removed += await this.removeOrphans(collection, keys);
    if (lexical) removed += await this.removeOrphans(collection, this.index);
    return { indexed, removed };
  }

  /** Indexes every stored record's keys and copy, then lets lookups answer (a new or unfinished index). */
  async fillKeyIndex(collection: string, keys: KeyIndex): Promise<void> {
    await this.repairPages(collection, { keys, lexical: false, rebuild: false });
    await keys.markComplete(collection);
  }

  /** How many records had an index entry written. */
  private async repairPages(collection: string, plan: RepairPlan): Promise<number> {
    let indexed = 0;
    let seen = 0;
    for await (const page of storedPages(this.records, collection, {})) {
      const ids = page.map((r) => r.id);
      indexed += await this.locks.hold(collection, ids, () => this.repairRecords(collection, ids, plan));
      seen += page.length;
      plan.onProgress?.(seen);
    }
    return indexed;
  }

  /** While the records' turns are held: their entries as the store holds them now. */
  private async repairRecords(collection: string, ids: string[], plan: RepairPlan): Promise<number> {
    const current = await this.records.get(collection, ids);
    const staleKeys = plan.keys ? await plan.keys.stale(collection, current) : new Set<string>();
    const staleText = plan.lexical ? await this.staleLexical(collection, current, plan.rebuild) : new Set();
    const stale = current.filter((r) => staleKeys.has(r.id) || staleText.has(r.id));
    if (stale.length === 0) return 0;
    // Copies keep vectors: read them for the records to rewrite only.
    const whole = await this.records.get(
      collection,
      stale.map((r) => r.id),
      { includeVectors: staleKeys.size > 0 },
    );
    await plan.keys?.reconcile(
      collection,
      whole.filter((r) => staleKeys.has(r.id)),
    );
    await this.index.upsert(
      collection,
      whole.filter((r) => staleText.has(r.id)),
    );
    return stale.length;
  }

  /** The records whose lexical entry is missing or filters on other metadata (all of them to rebuild). */
  private async staleLexical(
    collection: string,
    records: StoredRecord[],
    rebuild: boolean,
  ): Promise<Set<string>> {
    if (rebuild) return new Set(records.map((r) => r.id));
    const indexed = await this.index.indexedMetadata(
      collection,
      records.map((r) => r.id),
    );
    return new Set(records.filter((r) => !sameMetadata(indexed.get(r.id), r.metadata)).map((r) => r.id));
  }

  /** Drops index entries whose record no longer exists, a page of ids at a time under their turns. */
  private async removeOrphans(
    collection: string,
    index: Pick<LexicalIndex, 'idsAfter' | 'delete'> | Pick<KeyIndex, 'idsAfter' | 'remove'>,
  ): Promise<number> {
    let removed = 0;
    let after: string | undefined;
    for (;;) {
      const ids = await index.idsAfter(collection, after, PAGE);
      if (ids.length === 0) return removed;
      removed += await this.locks.hold(collection, ids, async () => {
        const existing = new Set(await this.records.existingIds(collection, ids));
        const orphans = ids.filter((id) => !existing.has(id));
        await ('remove' in index ? index.remove(collection, orphans) : index.delete(collection, orphans));
        return orphans.length;
      });
      after = ids[ids.length - 1];
    }
  }
}

/** The store's records (those `filter` matches), a page at a time. */
export async function* storedPages(
  records: RecordStore,
  collection: string,
  request: Pick<FindRequest, 'filter' | 'includeVectors'>,
): AsyncGenerator<StoredRecord[]> {
  let cursor: string | undefined;
  do {
    const page = await records.find(collection, { ...request, limit: PAGE, cursor });
    yield page.records;
    cursor = page.nextCursor;
  } while (cursor);
}
