/**
 * Test helper for the installed-package end-to-end specs: remember `content` over MCP, then recall with
 * `query` and expect that memory first. Returns its id.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { callTool } from './call-tool';

export async function rememberThenRecall(
  client: Client,
  content: string,
  query: string,
  /** The first call starts the store and loads the model: slow under emulation. */
  rememberTimeoutMs: number,
): Promise<string> {
  const saved = await callTool(client, 'remember', { content }, rememberTimeoutMs);
  expect(saved.text).toMatch(/^Saved \(id: mem_[0-9a-f]{12}\)/);
  const found = await callTool(client, 'recall', { query, n_results: 1 }, 300_000);
  expect(found.data.results[0].id).toBe(saved.data.memory.id);
  return saved.data.memory.id;
}
