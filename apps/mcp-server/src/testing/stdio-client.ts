/** Test helper: starts `node bin/kioku mcp` over stdio in a fresh data dir and connects an MCP client. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const KIOKU_BIN = resolve(__dirname, '../../../../bin/kioku');

export interface StdioKioku {
  client: Client;
  dataDir: string;
  logFile: string;
  /** The URL of the embedded Chroma server the app started (from its address file). */
  chromaUrl(): string;
  close(): Promise<void>;
}

/** Starts the server on a fresh data dir, or on `dataDir` (which `close()` then leaves in place). */
export async function startStdioKioku(
  env: Record<string, string> = {},
  existingDataDir?: string,
): Promise<StdioKioku> {
  const dataDir = existingDataDir ?? mkdtempSync(join(tmpdir(), 'kioku-e2e-'));
  const logFile = join(dataDir, 'kioku.log');
  const client = new Client({ name: 'e2e', version: '1' });
  await client.connect(
    new StdioClientTransport({
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
    }),
  );
  return {
    client,
    dataDir,
    logFile,
    chromaUrl: () =>
      (JSON.parse(readFileSync(join(dataDir, 'chroma-server.json'), 'utf8')) as { url: string }).url,
    close: async () => {
      await client.close();
      if (!existingDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
