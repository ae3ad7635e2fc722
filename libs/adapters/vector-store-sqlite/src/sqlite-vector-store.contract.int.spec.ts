/**
 * Runs the shared VectorStore contract, lexical search included, against the in-process SQLite store;
 * the second instance opens the same file, as another kioku process on the data dir would. It runs
 * again with a graph kept for every collection (as for collections of 20,000 vectors and more), so that
 * no operation leaves a graph and its vectors apart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeLexicalSearchContract, describeVectorStoreContract } from '@kioku/testing-contracts';
import { SqliteVectorStore } from './lib/store/sqlite-vector-store.adapter';

const dir = mkdtempSync(join(tmpdir(), 'kioku-sqlite-contract-'));
const stores: SqliteVectorStore[] = [];
const open = async (file: string, indexFrom?: number) => {
  stores.push(new SqliteVectorStore(join(dir, file), { indexFrom }));
  return stores[stores.length - 1];
};

afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describeVectorStoreContract('sqlite', {
  create: () => open('contract.sqlite'),
  createSecondInstance: () => open('contract.sqlite'),
});

describeVectorStoreContract('sqlite, a graph kept for every collection', {
  create: () => open('graphs.sqlite', 1),
  createSecondInstance: () => open('graphs.sqlite', 1),
});

describeLexicalSearchContract('sqlite', {
  create: () => open('lexical.sqlite'),
  createSecondInstance: () => open('lexical.sqlite'),
});
