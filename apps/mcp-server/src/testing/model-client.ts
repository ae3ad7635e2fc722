/**
 * Test helper: an MCP client that declares sampling and plays the client's model: each
 * `sampling/createMessage` is recorded and answered with the next scripted text, refused (an error,
 * as when the person behind the client says no) for REFUSE, or never answered for DISCONNECT (the
 * client closes mid-request).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CreateMessageRequestSchema, type CreateMessageRequest } from '@modelcontextprotocol/sdk/types.js';

export const REFUSE = Symbol('refuse');
export const DISCONNECT = Symbol('disconnect');
type ScriptedDraft = string | typeof REFUSE | typeof DISCONNECT;

export interface ModelClient {
  client: Client;
  requests: CreateMessageRequest['params'][];
  /** Queues the next answers: a text, or REFUSE. */
  answer(...answers: ScriptedDraft[]): void;
}

export function modelClient(name = 'model'): ModelClient {
  const client = new Client({ name, version: '1' }, { capabilities: { sampling: {} } });
  const requests: CreateMessageRequest['params'][] = [];
  const answers: ScriptedDraft[] = [];
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    requests.push(request.params);
    const next = answers.shift();
    if (next === DISCONNECT) {
      setImmediate(() => void client.close());
      return new Promise<never>(() => undefined);
    }
    if (next === undefined || next === REFUSE) throw new Error('User rejected sampling request');
    return { role: 'assistant', model: 'test-model', content: { type: 'text', text: next } };
  });
  return { client, requests, answer: (...next) => answers.push(...next) };
}
