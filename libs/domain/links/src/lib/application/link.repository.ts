/**
 * Stores links as one record per direction in the namespace's `links` collection (1-d constant
 * vectors, so it works on every vector store). Creating a link writes both directions in one batch
 * upsert; removing a memory's links is one delete-by-filter. No read-modify-write of a shared list,
 * so concurrent writers never lose each other's links (behaviour §2.2).
 */
import { inject, injectable } from 'inversify';
import {
  allOf,
  VECTOR_STORE_TOKENS,
  where,
  type Filter,
  type Metadata,
  type StoredRecord,
  type VectorStore,
} from '@kioku/vector-store';
import { NamespaceCollections } from '@kioku/namespace-storage';
import {
  clampConfidence,
  isLinkType,
  linkRecordId,
  reverseLink,
  type Link,
  type LinkType,
} from '../domain/link';

const LINK_VECTOR = [1];
const PAGE_SIZE = 500;

@injectable()
export class LinkRepository {
  constructor(
    @inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore,
    @inject(NamespaceCollections) private readonly collections: NamespaceCollections,
  ) {}

  /** Writes both directions of every link in one batch (idempotent). */
  async saveBoth(namespace: string, links: Link[]): Promise<void> {
    if (links.length === 0) return;
    const records = links.flatMap((link) => [link, reverseLink(link)]).map(toRecord);
    await this.store.upsert(await this.collection(namespace), records, { noStaleKeys: true });
  }

  /** Every link whose source is one of `memoryIds` (one direction each). */
  async linksFrom(namespace: string, memoryIds: string[], type?: LinkType): Promise<Link[]> {
    if (memoryIds.length === 0) return [];
    return this.findAll(
      namespace,
      allOf(where.in('sourceId', memoryIds), type ? where.eq('type', type) : undefined),
    );
  }

  /** The link of the given type from source to target, if any. */
  async find(namespace: string, sourceId: string, targetId: string, type: LinkType): Promise<Link | null> {
    const [record] = await this.store.get(await this.collection(namespace), [
      linkRecordId(sourceId, targetId, type),
    ]);
    return record ? fromRecord(record) : null;
  }

  /** Removes every link to and from the memory, both directions. */
  async removeAllFor(namespace: string, memoryId: string): Promise<void> {
    await this.store.deleteWhere(
      await this.collection(namespace),
      where.or(where.eq('sourceId', memoryId), where.eq('targetId', memoryId)),
    );
  }

  /** Removes the given links in both directions. */
  async removeBoth(namespace: string, links: Pick<Link, 'sourceId' | 'targetId' | 'type'>[]): Promise<void> {
    if (links.length === 0) return;
    const ids = links.flatMap((l) => [
      linkRecordId(l.sourceId, l.targetId, l.type),
      linkRecordId(l.targetId, l.sourceId, l.type),
    ]);
    await this.store.delete(await this.collection(namespace), ids);
  }

  /** Every link record, a bounded page at a time. */
  async *pages(namespace: string, pageSize = PAGE_SIZE): AsyncGenerator<Link[]> {
    const collection = await this.collection(namespace);
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, { limit: pageSize, cursor });
      yield page.records.flatMap((record) => fromRecord(record) ?? []);
      cursor = page.nextCursor;
    } while (cursor);
  }

  /** The links among `links` whose reverse direction is stored. */
  async withReverse(namespace: string, links: Link[]): Promise<Link[]> {
    if (links.length === 0) return [];
    const reverseIds = links.map((l) => linkRecordId(l.targetId, l.sourceId, l.type));
    const present = new Set(
      (await this.store.get(await this.collection(namespace), reverseIds)).map((r) => r.id),
    );
    return links.filter((l) => present.has(linkRecordId(l.targetId, l.sourceId, l.type)));
  }

  /** Pages through every link record matching the filter (bounded pages, whole result in memory). */
  async findAll(namespace: string, filter?: Filter): Promise<Link[]> {
    const collection = await this.collection(namespace);
    const links: Link[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, { filter, limit: PAGE_SIZE, cursor });
      for (const record of page.records) {
        const link = fromRecord(record);
        if (link) links.push(link);
      }
      cursor = page.nextCursor;
    } while (cursor);
    return links;
  }

  private collection(namespace: string): Promise<string> {
    return this.collections.openRecords(namespace, 'links');
  }
}

function toRecord(link: Link) {
  const metadata: Metadata = {
    sourceId: link.sourceId,
    targetId: link.targetId,
    type: link.type,
    confidence: clampConfidence(link.confidence),
    createdAt: link.createdAt,
    // Always the same keys (empty when unset), so a write never leaves a stale key behind.
    note: link.note,
    replayedAt: link.replayedAt ?? '',
  };
  return {
    id: linkRecordId(link.sourceId, link.targetId, link.type),
    vector: LINK_VECTOR,
    metadata,
    document: '',
  };
}

/** Tolerant read: a malformed link record is skipped (behaviour §2.1). */
function fromRecord(record: StoredRecord): Link | null {
  const m = record.metadata;
  if (typeof m.sourceId !== 'string' || typeof m.targetId !== 'string' || !isLinkType(m.type)) return null;
  const confidence = typeof m.confidence === 'number' ? clampConfidence(m.confidence) : 0.5;
  return {
    sourceId: m.sourceId,
    targetId: m.targetId,
    type: m.type,
    confidence,
    note: typeof m.note === 'string' ? m.note : '',
    createdAt: typeof m.createdAt === 'string' ? m.createdAt : '',
    ...(typeof m.replayedAt === 'string' && m.replayedAt ? { replayedAt: m.replayedAt } : {}),
  };
}
