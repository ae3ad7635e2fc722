/**
 * Measures what an MCP client waits for after spawning `kioku mcp` (stdio, embedded default): one
 * warm-up start seeds a few memories (and leaves the data dir and the OS file cache warm), then each
 * measured start times spawn → initialize → tools/list → first recall, and closes the client, which
 * waits for the server to exit before the next start.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { StartupSamples } from './startup-report';

const SEED_MEMORIES = [
  'The user prefers green tea in the morning and coffee after lunch.',
  'Deploys of the billing service happen on Thursdays after the 14:00 review.',
  'ユーザーは味噌ラーメンが大好きで、毎週金曜日に食べに行く。',
];

/** The checkout's or the installed package's `bin/kioku`, found above this file (sources or dist/). */
export function kiokuBinPath(from = __dirname): string {
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'bin', 'kioku');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`bin/kioku not found above ${from}`);
}

export async function measureStartup(
  runs: number,
  progress: (line: string) => void,
  bin = kiokuBinPath(),
): Promise<StartupSamples> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kioku-bench-startup-'));
  // Other KIOKU_* settings pass through (KIOKU_FROM_SOURCE=1 measures the development path, sources
  // through tsx; KIOKU_EMBEDDING_THREADS=0 the model on the event loop); the data dir is the bench's.
  const settings = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('KIOKU_') && entry[1] !== undefined,
    ),
  );
  const env = {
    KIOKU_LOG_LEVEL: 'warn',
    ...settings,
    PATH: process.env.PATH ?? '',
    HOME: dataDir,
    KIOKU_DATA_DIR: dataDir,
  };
  const start = () => {
    const client = new Client({ name: 'kioku-bench', version: '1' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp'],
      env,
      stderr: 'ignore',
    });
    return { client, transport, connect: () => client.connect(transport) };
  };
  try {
    progress('warm-up start: seeding memories');
    const warm = start();
    await warm.connect();
    for (const content of SEED_MEMORIES)
      await warm.client.callTool({ name: 'remember', arguments: { content } });
    await warm.client.close();

    const samples: StartupSamples = {
      initialize: [],
      toolsListOnTheWire: [],
      toolsList: [],
      firstRecall: [],
    };
    for (let run = 1; run <= runs; run++) {
      progress(`start ${run}/${runs}`);
      const { client, transport, connect } = start();
      const spawned = performance.now();
      await connect();
      samples.initialize.push(performance.now() - spawned);
      const arrived = whenToolsArrive(transport);
      await client.listTools();
      samples.toolsListOnTheWire.push((await arrived) - spawned);
      samples.toolsList.push(performance.now() - spawned);
      const recall = await client.callTool({
        name: 'recall',
        arguments: { query: 'what does the user drink in the morning' },
      });
      samples.firstRecall.push(performance.now() - spawned);
      await client.close();
      if (recall.isError)
        throw new Error(`recall failed during the startup measurement: ${JSON.stringify(recall.content)}`);
    }
    return samples;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * When the tools/list answer reaches the client, before the SDK client compiles a validator for
 * each tool's output schema (its own work, which `tools/list` in the report includes).
 */
function whenToolsArrive(transport: StdioClientTransport): Promise<number> {
  const deliver = transport.onmessage;
  return new Promise((resolve) => {
    transport.onmessage = (message: JSONRPCMessage) => {
      if ('result' in message && 'tools' in message.result) {
        resolve(performance.now());
        transport.onmessage = deliver;
      }
      deliver?.(message);
    };
  });
}
