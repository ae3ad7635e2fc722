/** Test helper: call a tool and get its text, error flag and structured content in one object. */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export interface ToolCall {
  text: string;
  isError: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary structured fields
  data: any;
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  /** How long to wait for the answer (the SDK's default: 60 s). */
  timeoutMs?: number,
): Promise<ToolCall> {
  const result = (await client.callTool(
    { name, arguments: args },
    undefined,
    timeoutMs ? { timeout: timeoutMs } : undefined,
  )) as CallToolResult;
  const first = result.content[0];
  return {
    text: first?.type === 'text' ? first.text : '',
    isError: result.isError === true,
    data: result.structuredContent,
  };
}
