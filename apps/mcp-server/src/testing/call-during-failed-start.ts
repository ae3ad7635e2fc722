/**
 * Test helper: starts `kioku mcp` whose store or model cannot start, connects an MCP client (the
 * handshake still succeeds), makes one tool call and returns what the caller and stderr were told.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { callTool, type ToolCall } from './call-tool';
import { KIOKU_BIN } from './stdio-client';

export interface FailedStart {
  toolCount: number;
  call: ToolCall;
  stderr: string;
}

export async function callDuringFailedStart(env: Record<string, string>): Promise<FailedStart> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [KIOKU_BIN, 'mcp'],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'failed-start', version: '1' });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const call = await callTool(client, 'recall', { query: 'anything' });
    return { toolCount: tools.length, call, stderr };
  } finally {
    await client.close();
  }
}
