/**
 * The shared VectorStore contract suite (behaviour §9): one function that registers the same small tests
 * for any adapter. Each adapter has a runner spec that calls `describeVectorStoreContract` with a
 * harness. Every test works in its own uniquely named collection and deletes it afterwards, so runs
 * against a shared server do not interfere. The tests live in one file per concern
 * (`vector-store-contract/*.suite.ts`); this function registers them all under one describe.
 */
import { describeCollectionContract } from './vector-store-contract/collections.suite';
import { describeConcurrentWritesContract } from './vector-store-contract/concurrent-writes.suite';
import { describeIndexedKeysContract } from './vector-store-contract/indexed-keys.suite';
import { describeReadCopiesContract } from './vector-store-contract/read-copies.suite';
import { describeFindAndCountContract } from './vector-store-contract/paging.suite';
import { describeQueryContract } from './vector-store-contract/query.suite';
import { describeRecordReadContract } from './vector-store-contract/record-reads.suite';
import { describeRecordWriteContract } from './vector-store-contract/record-writes.suite';
import {
  vectorStoreContractContext,
  type VectorStoreContractCapabilities,
  type VectorStoreHarness,
} from './vector-store-contract/vector-store-contract.context';

export type {
  VectorStoreContractCapabilities,
  VectorStoreHarness,
} from './vector-store-contract/vector-store-contract.context';

export function describeVectorStoreContract(
  name: string,
  harness: VectorStoreHarness,
  capabilities: VectorStoreContractCapabilities = {},
): void {
  describe(`VectorStore contract: ${name}`, () => {
    const context = vectorStoreContractContext(harness, capabilities);

    it('exposes a backend name', () => {
      expect(typeof context.store.backend).toBe('string');
      expect(context.store.backend.length).toBeGreaterThan(0);
    });

    describeCollectionContract(context);
    describeRecordWriteContract(context);
    describeRecordReadContract(context);
    describeQueryContract(context);
    describeFindAndCountContract(context);
    describeIndexedKeysContract(context);
    describeReadCopiesContract(context);
    describeConcurrentWritesContract(context);
  });
}
