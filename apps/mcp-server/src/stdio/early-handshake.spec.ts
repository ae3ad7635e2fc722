/**
 * The handshake answered before the SDK is loaded, then handed to the real SDK server over its stdio
 * transport: the client sees each answer once, the server learns the client's capabilities from the
 * replayed initialize, and whatever the early answers do not cover is answered by the SDK.
 */
import { PassThrough, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { serverWithoutApp } from '../testing/server-without-app';
import { EarlyHandshake, type HandshakeAnswers } from './early-handshake';
import handshake from './handshake.json';

const ANSWERS = handshake as HandshakeAnswers;
const CLIENT = { name: 'early-spec', version: '1' };
const initialize = (id: number, protocolVersion = '2025-06-18', capabilities: object = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities, clientInfo: CLIENT },
});

interface Response {
  id?: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

function pipes() {
  const stdin = new PassThrough();
  const written: Response[] = [];
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        written.push(JSON.parse(line) as Response);
      callback();
    },
  });
  const send = (message: object | string) =>
    stdin.write(typeof message === 'string' ? message : `${JSON.stringify(message)}\n`);
  return { stdin, stdout, written, send };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(check()).toBe(true);
}

/** The SDK server on the handed-over streams, its app never started (no call here needs it). */
function serveWithSdk(early: EarlyHandshake) {
  const server = serverWithoutApp('early-spec');
  const { input, output } = early.handOver();
  return { server, connected: server.connect(new StdioServerTransport(input, output)) };
}

describe('EarlyHandshake', () => {
  it('answers initialize and tools/list at once, as the SDK would, and is done after tools/list', async () => {
    const { stdin, stdout, written, send } = pipes();
    const early = new EarlyHandshake(stdin, stdout, ANSWERS);
    let done = false;
    void early.done.then(() => (done = true));
    send(initialize(1));
    await tick();
    expect(written).toEqual([
      { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18', ...ANSWERS.initialize } },
    ]);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await until(() => done);
    expect(written[1]).toEqual({ jsonrpc: '2.0', id: 2, result: ANSWERS.toolsList });
  });

  it('offers its newest protocol version to a client that asks for one it does not speak', async () => {
    const { stdin, stdout, written, send } = pipes();
    new EarlyHandshake(stdin, stdout, ANSWERS);
    send(initialize(7, '1999-01-01'));
    await tick();
    expect(written[0].result?.protocolVersion).toBe(ANSWERS.protocolVersions[0]);
  });

  it('hands over: the SDK server learns the client from the replayed initialize, answers the rest, and its second answer to initialize is dropped', async () => {
    const { stdin, stdout, written, send } = pipes();
    const early = new EarlyHandshake(stdin, stdout, ANSWERS);
    // A line split across writes, and CRLF line ends, as some clients send them.
    const first = JSON.stringify(initialize(1, '2025-06-18', { elicitation: {} }));
    send(first.slice(0, 20));
    send(`${first.slice(20)}\r\n`);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'prompts/list' });
    await early.done;
    const { server, connected } = serveWithSdk(early);
    await connected;
    send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    await until(() => written.some((r) => r.id === 3));
    expect(written.filter((r) => r.id === 1)).toHaveLength(1);
    expect(written.find((r) => r.id === 2)?.result?.prompts).toEqual(expect.any(Array));
    expect(written.find((r) => r.id === 3)).toEqual({ jsonrpc: '2.0', id: 3, result: {} });
    expect(server.server.getClientCapabilities()?.elicitation).toBeDefined();
    expect(server.server.getClientVersion()).toEqual(CLIENT);
    await server.close();
  });

  it('leaves an initialize it cannot vouch for to the SDK, which answers it with an error', async () => {
    const { stdin, stdout, written, send } = pipes();
    const early = new EarlyHandshake(stdin, stdout, ANSWERS);
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18' } });
    await early.done;
    expect(written).toEqual([]);
    const { server, connected } = serveWithSdk(early);
    await connected;
    await until(() => written.length === 1);
    expect(written[0]).toMatchObject({ id: 1, error: { message: expect.any(String) } });
    await server.close();
  });

  it('says so when the SDK answers initialize otherwise (handshake.json stale)', async () => {
    const { stdin, stdout, send } = pipes();
    const stale = { ...ANSWERS, initialize: { ...ANSWERS.initialize, instructions: 'an older text' } };
    let mismatches = 0;
    const early = new EarlyHandshake(stdin, stdout, stale, () => (mismatches += 1));
    send(initialize(1));
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await early.done;
    const { server, connected } = serveWithSdk(early);
    await connected;
    await until(() => mismatches === 1);
    await server.close();
  });

  it('is done, with nothing to hand over, when the client leaves during the handshake', async () => {
    const { stdin, stdout, send } = pipes();
    const early = new EarlyHandshake(stdin, stdout, ANSWERS);
    send(initialize(1));
    stdin.end();
    await early.done;
    expect(early.clientLeft).toBe(true);
  });
});
