/**
 * Runs the shared VectorStore contract, lexical search included, against the in-process SQLite store;
 * the second instance opens the same file, as another kioku process on the data dir would.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeLexicalSearchContract, describeVectorStoreContract } from '@kioku/testing-contracts';
import { SqliteVectorStore } from './lib/store/sqlite-vector-store.adapter';

const dir = mkdtempSync(join(tmpdir(), 'kioku-sqlite-contract-'));
const stores: SqliteVectorStore[] = [];
const open = async (file: string) => {
  stores.push(new SqliteVectorStore(join(dir, file)));
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

describeLexicalSearchContract('sqlite', {
  create: () => open('lexical.sqlite'),
  createSecondInstance: () => open('lexical.sqlite'),
});
