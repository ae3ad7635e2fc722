/**
 * Stores links in the namespace's `links` collection, one record per pair (`link-record.codec.ts`).
 * Creating links is one batch upsert; removing a memory's links is one delete-by-filter. No
 * read-modify-write of a shared list, so concurrent writers never lose each other's links, and no
 * link can be one-sided (behaviour §2.2). Reads return links oriented from the memory asked about.
 */
import { inject, injectable } from 'inversify';
import { allOf, VECTOR_STORE_TOKENS, where, type Filter, type VectorStore } from '@kioku/vector-store';
import { NamespaceCollections } from '@kioku/namespace-storage';
import { reverseLink, type Link, type LinkType } from '../domain/link';
import {
  endsNamedBy,
  fromLinkRecord,
  legacyHalfId,
  pairRecordId,
  toPairRecord,
  uniquePairs,
  type StoredLink,
} from './link-record.codec';

const PAGE_SIZE = 500;
/**
 * Page size of "the links of these memories": recall asks for the links of 60–100 memories, often
 * more than 500 records, and one page is one read where the store answers from a key index.
 */
const LINKS_OF_PAGE_SIZE = 2_000;

@injectable()
export class LinkRepository {
  constructor(
    @inject(VECTOR_STORE_TOKENS.VectorStore) private readonly store: VectorStore,
    @inject(NamespaceCollections) private readonly collections: NamespaceCollections,
  ) {}

  /** Writes every link (either direction stands for its pair) in one batch upsert (idempotent). */
  async saveBoth(namespace: string, links: Link[]): Promise<void> {
    if (links.length === 0) return;
    const records = new Map(links.map((link) => [idOfPair(link), link]));
    await this.store.upsert(await this.collection(namespace), [...records.values()].map(toPairRecord), {
      noStaleKeys: true,
    });
  }

  /** Every link of the given memories, oriented from each of them (a link between two of them twice). */
  async linksFrom(namespace: string, memoryIds: string[], type?: LinkType): Promise<Link[]> {
    if (memoryIds.length === 0) return [];
    const filter = allOf(
      where.or(where.in('sourceId', memoryIds), where.in('targetId', memoryIds)),
      type ? where.eq('type', type) : undefined,
    );
    const asked = new Set(memoryIds);
    return uniquePairs(await this.storedLinks(namespace, filter)).flatMap((link) => [
      ...(asked.has(link.sourceId) ? [link] : []),
      ...(asked.has(link.targetId) ? [reverseLink(link)] : []),
    ]);
  }

  /**
   * The links between the given memories (both ends among them), oriented from each end. A record's id
   * names both ends, so the ids of the records from the memories' first ends pick the pairs among
   * them, and only those records are read, however many links each memory has with others.
   */
  async linksAmong(namespace: string, memoryIds: string[]): Promise<Link[]> {
    if (memoryIds.length < 2) return [];
    const collection = await this.collection(namespace);
    const among = new Set(memoryIds);
    const ids = await this.store.candidateIds(collection, where.in('sourceId', memoryIds));
    const records = await this.store.get(
      collection,
      ids.filter((id) => endsNamedBy(id)?.every((end) => among.has(end)) ?? true),
    );
    return uniquePairs(records.flatMap((record) => fromLinkRecord(record) ?? []))
      .filter((link) => among.has(link.sourceId) && among.has(link.targetId))
      .flatMap((link) => [link, reverseLink(link)]);
  }

  /** The link of the given type between the two memories, oriented from `sourceId`, if any. */
  async find(namespace: string, sourceId: string, targetId: string, type: LinkType): Promise<Link | null> {
    const records = await this.store.get(await this.collection(namespace), [
      pairRecordId(sourceId, targetId, type),
      legacyHalfId(sourceId, targetId, type),
    ]);
    const [pair] = uniquePairs(records.flatMap((record) => fromLinkRecord(record) ?? []));
    if (!pair) return null;
    return pair.sourceId === sourceId ? pair : reverseLink(pair);
  }

  /** Removes every link to and from the memory. */
  async removeAllFor(namespace: string, memoryId: string): Promise<void> {
    await this.store.deleteWhere(
      await this.collection(namespace),
      where.or(where.eq('sourceId', memoryId), where.eq('targetId', memoryId)),
    );
  }

  /** Removes the given links (either direction stands for its pair). */
  async removeBoth(namespace: string, links: Pick<Link, 'sourceId' | 'targetId' | 'type'>[]): Promise<void> {
    if (links.length === 0) return;
    const ids = links.flatMap((l) => [
      pairRecordId(l.sourceId, l.targetId, l.type),
      legacyHalfId(l.sourceId, l.targetId, l.type),
    ]);
    await this.store.delete(await this.collection(namespace), [...new Set(ids)]);
  }

  /**
   * Every pair once, in pair order (from the id that sorts first), a bounded page at a time. A legacy
   * half counts only while its pair's record is missing.
   */
  async *pairs(namespace: string, pageSize = PAGE_SIZE): AsyncGenerator<Link[]> {
    const collection = await this.collection(namespace);
    for await (const stored of this.storedPages(collection, undefined, pageSize)) {
      const halves = stored.filter((s) => s.legacyHalf).map((s) => s.link);
      const paired = new Set(await this.store.existingIds(collection, halves.map(idOfPair)));
      yield stored.filter((s) => !s.legacyHalf || !paired.has(idOfPair(s.link))).map((s) => s.link);
    }
  }

  /** Every link, both directions of each pair (whole result in memory). */
  async findAll(namespace: string): Promise<Link[]> {
    const links: Link[] = [];
    for await (const page of this.pairs(namespace))
      for (const link of page) links.push(link, reverseLink(link));
    return links;
  }

  /**
   * Rewrites the per-direction records an older kioku stored into pair records: a legacy half whose
   * pair has no record of its own becomes that record; then every half is deleted. Reads every page
   * before writing (so writing never shifts a page being read); idempotent. Returns the halves merged.
   */
  async mergeLegacyHalves(namespace: string): Promise<number> {
    const collection = await this.collection(namespace);
    const halves: Link[] = [];
    for await (const stored of this.storedPages(collection))
      for (const { link, legacyHalf } of stored) if (legacyHalf) halves.push(link);
    if (halves.length === 0) return 0;
    const paired = new Set(await this.store.existingIds(collection, halves.map(idOfPair)));
    await this.saveBoth(
      namespace,
      halves.filter((l) => !paired.has(idOfPair(l))),
    );
    await this.store.delete(
      collection,
      halves.map((l) => legacyHalfId(l.sourceId, l.targetId, l.type)),
    );
    return halves.length;
  }

  /**
   * Repairs the index the store keeps of the link ends, where it keeps one (the integrity job): the
   * links it lacked are indexed, entries of links that are gone removed.
   */
  async repairIndex(namespace: string): Promise<{ indexed: number; removed: number }> {
    return this.store.reindexText(await this.collection(namespace), { mode: 'repair' });
  }

  private async storedLinks(namespace: string, filter?: Filter): Promise<StoredLink[]> {
    const stored: StoredLink[] = [];
    const pages = this.storedPages(await this.collection(namespace), filter, LINKS_OF_PAGE_SIZE);
    for await (const page of pages) stored.push(...page);
    return stored;
  }

  /** The link records matching the filter, read in either format, a bounded page at a time. */
  private async *storedPages(
    collection: string,
    filter?: Filter,
    pageSize = PAGE_SIZE,
  ): AsyncGenerator<StoredLink[]> {
    let cursor: string | undefined;
    do {
      const page = await this.store.find(collection, { filter, limit: pageSize, cursor });
      yield page.records.flatMap((record) => fromLinkRecord(record) ?? []);
      cursor = page.nextCursor;
    } while (cursor);
  }

  /** Reads filter on either end of a pair: the store keeps those two keys indexed where it can. */
  private collection(namespace: string): Promise<string> {
    return this.collections.openRecords(namespace, 'links', ['sourceId', 'targetId']);
  }
}

function idOfPair(link: Pick<Link, 'sourceId' | 'targetId' | 'type'>): string {
  return pairRecordId(link.sourceId, link.targetId, link.type);
}
