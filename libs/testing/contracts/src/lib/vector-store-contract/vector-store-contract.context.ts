/**
 * What every part of the VectorStore contract shares: the store under test (created once by the
 * harness), collections that are deleted after each test, and helpers for seeding, paging and comparing.
 */
import type { Filter, Metadata, StoredRecord, VectorRecord, VectorStore } from '@kioku/vector-store';
import { uniqueCollectionName } from '../vector-store.fixtures';

const DISTANCE_TOLERANCE = 1e-3;

export interface VectorStoreHarness {
  /** Called once before the suite; the store may be shared by all tests. */
  create(): Promise<VectorStore>;
  /**
   * Another store over the same backend and indexes, as another process would open it (omit for
   * in-process stores, which no other process can share: the suite then uses the first one twice).
   */
  createSecondInstance?(): Promise<VectorStore>;
  /** Called once after the suite (stop servers, close clients). */
  cleanup?(): Promise<void>;
}

export interface VectorStoreContractCapabilities {
  /**
   * Vectors read back equal the written ones exactly. False for backends that store float32 (Chroma):
   * then components are compared to 5 decimals.
   */
  exactVectorRoundTrip?: boolean;
  /**
   * `rewrite` reads and writes each record in one step for every other writer (default true). False for
   * a backend without conditional writes (Qdrant): concurrent rewrites are then raced in one instance only.
   */
  atomicRewrite?: boolean;
}

export interface VectorStoreContractContext {
  /** The store under test (valid inside tests and hooks). */
  readonly store: VectorStore;
  /** A second instance on the same data, or the store itself where there is none. */
  readonly second: VectorStore;
  /** See `VectorStoreContractCapabilities.atomicRewrite`. */
  readonly atomicRewrite: boolean;
  /** Collections to delete after the current test. */
  readonly created: Set<string>;
  /** A new, uniquely named collection (deleted after the test). */
  newCollection(dimension?: number, metadata?: Metadata): Promise<string>;
  /** A new collection holding `records`. */
  seeded(records: VectorRecord[], dimension?: number): Promise<string>;
  /** Every record `find` returns, page after page. */
  findAll(collection: string, filter?: Filter, pageSize?: number): Promise<StoredRecord[]>;
  /** Compares a read vector with the written one (to 5 decimals unless the round trip is exact). */
  expectVector(actual: number[] | undefined, expected: number[]): void;
  ids(records: { id: string }[]): string[];
  sortedIds(records: { id: string }[]): string[];
  /** How far a reported cosine distance may be from the exact one. */
  readonly DISTANCE_TOLERANCE: number;
}

/** Registers the suite's hooks (create the store, delete collections, clean up) and returns the context. */
export function vectorStoreContractContext(
  harness: VectorStoreHarness,
  capabilities: VectorStoreContractCapabilities,
): VectorStoreContractContext {
  let store: VectorStore | undefined;
  let second: VectorStore | undefined;
  const created = new Set<string>();

  beforeAll(async () => {
    store = await harness.create();
    second = (await harness.createSecondInstance?.()) ?? store;
  });

  afterEach(async () => {
    for (const collection of created) await store?.deleteCollection(collection);
    created.clear();
  });

  afterAll(async () => {
    await harness.cleanup?.();
  });

  async function newCollection(dimension = 3, metadata?: Metadata): Promise<string> {
    const collection = uniqueCollectionName();
    created.add(collection);
    await context.store.ensureCollection(collection, { dimension, metadata });
    return collection;
  }

  async function seeded(records: VectorRecord[], dimension = 3): Promise<string> {
    const collection = await newCollection(dimension);
    await context.store.upsert(collection, records);
    return collection;
  }

  async function findAll(collection: string, filter?: Filter, pageSize = 100): Promise<StoredRecord[]> {
    const all: StoredRecord[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10_000; pages++) {
      const page = await context.store.find(collection, { filter, limit: pageSize, cursor });
      all.push(...page.records);
      if (!page.nextCursor) return all;
      cursor = page.nextCursor;
    }
    throw new Error('find did not terminate');
  }

  function expectVector(actual: number[] | undefined, expected: number[]): void {
    expect(actual).toBeDefined();
    if (capabilities.exactVectorRoundTrip) {
      expect(actual).toEqual(expected);
      return;
    }
    expect(actual).toHaveLength(expected.length);
    expected.forEach((x, i) => expect((actual as number[])[i]).toBeCloseTo(x, 5));
  }

  const ids = (records: { id: string }[]) => records.map((r) => r.id);
  const sortedIds = (records: { id: string }[]) => ids(records).sort();

  const context: VectorStoreContractContext = {
    get store(): VectorStore {
      if (!store) throw new Error('The store under test is created in beforeAll: use it inside tests.');
      return store;
    },
    get second(): VectorStore {
      if (!second) throw new Error('The second instance is created in beforeAll: use it inside tests.');
      return second;
    },
    atomicRewrite: capabilities.atomicRewrite ?? true,
    created,
    newCollection,
    seeded,
    findAll,
    expectVector,
    ids,
    sortedIds,
    DISTANCE_TOLERANCE,
  };
  return context;
}
