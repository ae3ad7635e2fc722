/**
 * handshake.json, what `kioku mcp` answers to `initialize` and `tools/list` before the MCP SDK is
 * loaded, is exactly what the SDK server answers: this spec asks a real server (createMcpServer) and
 * fails while the file differs. `KIOKU_WRITE_GENERATED=1 npx jest apps/mcp-server/src/stdio/handshake`
 * rewrites it after a change to a tool, the instructions or the capabilities.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { serverWithoutApp } from '../testing/server-without-app';
import type { HandshakeAnswers } from './early-handshake';

const FILE = join(__dirname, 'handshake.json');

/** The SDK server's own answers, from a server whose app never starts (the handshake needs none). */
async function answersOfTheSdkServer(): Promise<HandshakeAnswers> {
  const server = serverWithoutApp('handshake-spec');
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const answers = new Map<unknown, Record<string, unknown>>();
  client.onmessage = (message: JSONRPCMessage) => {
    if ('result' in message) answers.set(message.id, message.result);
  };
  await server.connect(serverSide);
  await client.start();
  const clientInfo = { name: 'handshake-spec', version: '1' };
  const params = { protocolVersion: SUPPORTED_PROTOCOL_VERSIONS[0], capabilities: {}, clientInfo };
  await client.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  while (answers.size < 2) await new Promise((resolve) => setImmediate(resolve));
  await server.close();
  const { protocolVersion: _negotiated, ...initialize } = answers.get(1) ?? {};
  return { protocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS], initialize, toolsList: answers.get(2) ?? {} };
}

describe('handshake.json', () => {
  it('is what the SDK server answers to initialize and tools/list', async () => {
    const generated = `${JSON.stringify(await answersOfTheSdkServer(), null, 2)}\n`;
    if (process.env.KIOKU_WRITE_GENERATED === '1') writeFileSync(FILE, generated);
    expect(readFileSync(FILE, 'utf8')).toBe(generated);
  });
});
