/** Test helper: starts `node bin/kioku mcp` over stdio in a fresh data dir and connects an MCP client. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { VectorStore } from '@kioku/vector-store';
import { parseConfig } from '@kioku/config';
import { openAppStore } from '@kioku/composition/testing';
import { STORE_FILE } from '@kioku/vector-store-sqlite';

export const KIOKU_BIN = resolve(__dirname, '../../../../bin/kioku');

/**
 * Backend settings passed through from the test run, so the end-to-end suite can run against another
 * backend by configuration, e.g. `KIOKU_VECTOR_STORE=qdrant KIOKU_QDRANT_URL=http://127.0.0.1:6333 npm test`.
 */
const BACKEND_VARIABLES = [
  'KIOKU_VECTOR_STORE',
  'KIOKU_CHROMA_URL',
  'KIOKU_QDRANT_URL',
  'KIOKU_QDRANT_API_KEY',
];

function backendEnv(): Record<string, string> {
  return Object.fromEntries(
    BACKEND_VARIABLES.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );
}

export interface StdioKioku {
  client: Client;
  /** `default`, or a fresh namespace per run when the tests use a shared remote backend. */
  namespace: string;
  dataDir: string;
  logFile: string;
  /** The server's process id (the `node bin/kioku mcp` process itself). */
  pid: number;
  /** The app's vector store, opened from the test as the app opens it (the default's file, or the backend). */
  store(): VectorStore;
  /** Whether the app has opened its store yet (its file, or the managed Chroma server's record, exists). */
  storeStarted(): boolean;
  close(): Promise<void>;
}

/**
 * Starts the server on a fresh data dir, or on `dataDir` (which `close()` then leaves in place),
 * connected to `client` (by default one that declares no capability).
 */
export async function startStdioKioku(
  env: Record<string, string> = {},
  existingDataDir?: string,
  client = new Client({ name: 'e2e', version: '1' }),
): Promise<StdioKioku> {
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), 'kioku-e2e-'));
  const logFile = join(dataDir, 'kioku.log');
  const backend = backendEnv();
  const namespace =
    env.KIOKU_NAMESPACE ?? (backend.KIOKU_VECTOR_STORE ? `e2e-${randomBytes(4).toString('hex')}` : 'default');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [KIOKU_BIN, 'mcp'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dataDir,
      KIOKU_DATA_DIR: dataDir,
      KIOKU_LOG_FILE: logFile,
      KIOKU_LOG_LEVEL: 'debug',
      ...env,
    },
    stderr: 'pipe',
  });
  await client.connect(transport);
  return {
    client,
    namespace,
    dataDir,
    logFile,
    pid: transport.pid!,
    store: () => openAppStore({ ...backend, KIOKU_DATA_DIR: dataDir }).store,
    storeStarted: () => {
      switch (parseConfig({ ...backend, KIOKU_DATA_DIR: dataDir }).vectorStore.kind) {
        case 'sqlite':
          return existsSync(join(dataDir, STORE_FILE));
        case 'chroma-embedded':
          return existsSync(join(dataDir, 'chroma-server.json'));
        case 'chroma':
        case 'qdrant':
        case 'memory':
          return true;
      }
    },
    close: async () => {
      await client.close();
      if (!existingDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
