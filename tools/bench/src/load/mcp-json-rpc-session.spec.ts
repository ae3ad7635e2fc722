/** Reading an MCP answer from its HTTP body: one JSON message, a batch, or an event stream. */
import { answerOf, sseData } from './mcp-json-rpc-session';

const result = { content: [{ type: 'text', text: 'ok' }], structuredContent: { status: 'saved' } };

describe('sseData', () => {
  it('takes the data of each message event, as the SDK server writes them', () => {
    const stream =
      `event: message\nid: 1\ndata: {"jsonrpc":"2.0","method":"notifications/message"}\n\n` +
      `event: message\nid: 2\ndata: {"jsonrpc":"2.0","id":3,"result":{}}\n\n`;
    expect(sseData(stream)).toEqual([
      '{"jsonrpc":"2.0","method":"notifications/message"}',
      '{"jsonrpc":"2.0","id":3,"result":{}}',
    ]);
  });

  it('joins data lines, accepts CRLF and CR, and passes over comments, other events and empty data', () => {
    const stream =
      ': keep-alive\r\n\r\n' +
      'id: 0\r\ndata:\r\n\r\n' +
      'event: ping\rdata: {"ignored":true}\r\r' +
      'data:{"a":\ndata: 1}';
    expect(sseData(stream)).toEqual(['{"a":\n1}']);
  });
});

describe('answerOf', () => {
  const json = (status: number, body: unknown, contentType = 'application/json') => ({
    status,
    contentType,
    text: typeof body === 'string' ? body : JSON.stringify(body),
  });

  it('finds the answer to its request in a JSON body or a batch', () => {
    expect(answerOf(json(200, { jsonrpc: '2.0', id: 4, result }), 4)).toEqual({ result });
    const batch = [
      { jsonrpc: '2.0', id: 3, result: {} },
      { jsonrpc: '2.0', id: 4, result },
    ];
    expect(answerOf(json(200, batch, 'application/json; charset=utf-8'), 4)).toEqual({ result });
  });

  it('finds the answer to its request in an event stream, past notifications and other ids', () => {
    const stream =
      `event: message\ndata: {"jsonrpc":"2.0","method":"notifications/progress","params":{}}\n\n` +
      `event: message\ndata: {"jsonrpc":"2.0","id":6,"result":{}}\n\n` +
      `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 7, result })}\n\n`;
    expect(answerOf(json(200, stream, 'text/event-stream'), 7)).toEqual({ result });
  });

  it('turns a JSON-RPC error, an HTTP error, another content type or no answer into a reason', () => {
    const error = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } };
    expect(answerOf(json(200, error), 1)).toEqual({ reason: 'MCP error -32601: Method not found' });
    expect(answerOf(json(404, 'Session not found'), 1)).toEqual({ reason: 'HTTP 404 Session not found' });
    expect(answerOf(json(200, '<html>', 'text/html'), 1)).toEqual({
      reason: 'unexpected content type text/html',
    });
    expect(answerOf(json(200, { jsonrpc: '2.0', id: 2, result }), 1)).toEqual({
      reason: 'no answer to request 1 in the application/json answer',
    });
    expect(answerOf(json(200, '{"jsonrpc"'), 1)).toMatchObject({ reason: /^unreadable answer: / });
  });
});
